import type { PGlite } from "@electric-sql/pglite";
import { createServer, type Server, type Socket } from "node:net";

/**
 * A Postgres wire-protocol server in front of one PGlite instance, for several clients.
 *
 * PGlite is a single session. pglite-socket's multiplexer interleaves clients message by
 * message, so one client's Parse/Bind can overwrite another's unnamed portal between Bind and
 * Execute ("portal \"\" does not exist"). Here a client owns the session from its first message
 * until PGlite answers ReadyForQuery with status idle ('I'): a whole extended-protocol cycle or
 * a whole transaction runs without anyone else's messages in between.
 *
 * LISTEN/NOTIFY: PGlite's one session puts a NotificationResponse into the answer of whichever
 * client committed the NOTIFY, where nobody waits for it (the solver's wake-up and the planner
 * card's push were silently lost, leaving the 2 s polls). So the server remembers which client
 * sent LISTEN for which channel and forwards each notification to those clients instead
 * (decision 0016).
 *
 * Passwords (issue 24): every client must send one (cleartext: the port listens on loopback only).
 * The app's own password, new at each start, lets the API, the workers and the tasks in. The
 * outside password (.data/embedded-password) lets a person's psql in, with one rule the app's
 * clients do not have: a session it holds outside a running statement (an open transaction) is
 * rolled back and its connection closed after `outsideIdleMs`, because while it holds the one
 * session everyone else waits. PGlite cannot cut a running statement (statement_timeout has no
 * timer in WebAssembly), so a single long query from outside still blocks while it runs.
 */
export interface PgliteServerOptions {
  /** the password of the app's own clients */
  appPassword: string;
  /** the password of other clients; without it only the app gets in */
  outsidePassword?: string;
  /** how long an outside client may hold the session between its messages (default 5000 ms) */
  outsideIdleMs?: number;
}

export class PgliteServer {
  private server: Server | undefined;
  private owner: number | null = null;
  private waiters: (() => void)[] = [];
  private nextId = 1;
  private sockets = new Set<Socket>();
  /** channel -> the clients that listen on it. */
  private listeners = new Map<string, Set<Socket>>();
  private relisten = false;
  /** Per client: its prepared statements that LISTEN or UNLISTEN, run again by a Bind alone. */
  private prepared = new WeakMap<Socket, Map<string, [boolean, string][]>>();

  constructor(private db: PGlite, private options: PgliteServerOptions) {}

  /** Listens on 127.0.0.1; resolves to the port. */
  start(port = 0): Promise<number> {
    this.server = createServer((socket) => this.serve(socket));
    return new Promise((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => {
        resolve((this.server!.address() as { port: number }).port);
      });
    });
  }

  /** Closes every connection and the listener. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve()
    );
  }

  private async acquire(id: number): Promise<void> {
    while (this.owner !== null && this.owner !== id) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.owner = id;
  }

  private release(id: number): void {
    if (this.owner !== id) return;
    this.owner = null;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  private serve(socket: Socket): void {
    const id = this.nextId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buffer: Uint8Array = new Uint8Array(0);
    let started = false;
    /** The startup message, held back until the password is right. */
    let startup: Uint8Array | undefined;
    let outside = false;
    let authenticated = false;
    let chain = Promise.resolve();
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const stopIdleTimer = () => clearTimeout(idleTimer);
    const send = (message: Uint8Array) => {
      chain = chain.then(async () => {
        const idle = await this.run(id, message, socket);
        if (outside && !idle && this.owner === id) {
          idleTimer = setTimeout(() => {
            chain = chain.then(() => this.expel(id, socket));
          }, this.options.outsideIdleMs ?? 5000);
        }
      }).catch(() => {
        socket.destroy();
      });
    };

    socket.on("data", (chunk: Uint8Array) => {
      stopIdleTimer();
      buffer = concat(buffer, chunk);
      for (;;) {
        const message = takeMessage(buffer, started);
        if (!message) break;
        buffer = buffer.subarray(message.length);
        if (!started && isSslRequest(message)) {
          socket.write(new Uint8Array([0x4e])); // 'N': no TLS on loopback
          continue;
        }
        started = true;
        if (authenticated) {
          send(message);
        } else if (!startup) {
          startup = message;
          socket.write(cleartextPasswordRequest);
        } else {
          const who = message[0] === 0x70 ? this.whoseLogin(passwordOf(message)) : undefined;
          if (!who) {
            socket.end(errorResponse(
              "28P01",
              "Passwort-Authentifizierung fehlgeschlagen (eingebettete Datenbank, siehe " +
                "docs/operations.md)",
            ));
            return;
          }
          authenticated = true;
          outside = who === "outside";
          send(startup);
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      stopIdleTimer();
      this.sockets.delete(socket);
      for (const set of this.listeners.values()) set.delete(socket);
      chain = chain.then(async () => {
        // A client that vanished inside a transaction must not leave it open for the others.
        if (this.owner === id && this.db.isInTransaction()) await this.db.exec("rollback");
        this.release(id);
      });
    });
  }

  /** "app", "outside" or undefined for a wrong password; compared in constant time. */
  private whoseLogin(password: string): "app" | "outside" | undefined {
    if (sameText(password, this.options.appPassword)) return "app";
    const outside = this.options.outsidePassword;
    if (outside && sameText(password, outside)) return "outside";
    return undefined;
  }

  /** Ends an outside client that held the session too long: its transaction is rolled back. */
  private async expel(id: number, socket: Socket): Promise<void> {
    if (this.owner !== id) return;
    if (this.db.isInTransaction()) await this.db.exec("rollback");
    this.release(id);
    socket.end(errorResponse(
      "25P03",
      "Verbindung beendet: die Transaktion war zu lange offen, die App wartete darauf " +
        "(eingebettete Datenbank, siehe docs/operations.md)",
    ));
  }

  /** Runs one message of a client; answers whether the session is idle afterwards. */
  private async run(id: number, message: Uint8Array, socket: Socket): Promise<boolean> {
    if (message[0] === 0x58) { // 'X' Terminate
      if (this.owner === id && this.db.isInTransaction()) await this.db.exec("rollback");
      this.release(id);
      socket.end();
      return true;
    }
    await this.acquire(id);
    const parts: Uint8Array[] = [];
    await this.db.execProtocolRawStream(message, { onRawData: (data) => parts.push(data.slice()) });
    const out = this.routeNotifications(concat(...parts), socket);
    if (out.length && socket.writable) socket.write(out);
    const idle = endsIdle(out);
    const statements = this.listenStatementsOf(message, socket);
    for (const [unlisten, channel] of statements) {
      const set = this.listeners.get(channel) ?? new Set<Socket>();
      this.listeners.set(channel, set);
      if (!unlisten) set.add(socket);
      else if (channel === "*") { for (const each of this.listeners.values()) each.delete(socket); }
      else set.delete(socket);
    }
    // A client's UNLISTEN ended the one session's LISTEN; whoever else still listens needs it,
    // given back once the session is idle (a Parse is answered before its Sync).
    if (statements.some(([unlisten]) => unlisten)) this.relisten = true;
    if (idle && this.relisten) {
      this.relisten = false;
      for (const [channel, set] of this.listeners) {
        if (set.size) await this.db.exec(`listen ${quoteIdent(channel)}`);
      }
    }
    if (idle) this.release(id);
    return idle;
  }

  /**
   * The LISTEN/UNLISTEN a message runs: a simple query's own, or at a Bind those of the statement
   * it binds (postgres.js prepares `listen "name"` once and binds it again on a second listen).
   */
  private listenStatementsOf(message: Uint8Array, socket: Socket): [boolean, string][] {
    if (message[0] === 0x51) return listenStatements(queryText(message));
    let prepared = this.prepared.get(socket);
    if (!prepared) this.prepared.set(socket, prepared = new Map());
    if (message[0] === 0x50) { // Parse: name\0 query\0 ...
      const nameEnd = message.indexOf(0, 5);
      const name = new TextDecoder().decode(message.subarray(5, nameEnd));
      const found = listenStatements(queryText(message));
      if (found.length) prepared.set(name, found);
      else prepared.delete(name);
      return [];
    }
    if (message[0] === 0x42) { // Bind: portal\0 statement\0 ...
      const portalEnd = message.indexOf(0, 5);
      const name = new TextDecoder().decode(
        message.subarray(portalEnd + 1, message.indexOf(0, portalEnd + 1)),
      );
      return prepared.get(name) ?? [];
    }
    return [];
  }

  /** Takes the NotificationResponses out of an answer and sends each to its channel's clients. */
  private routeNotifications(out: Uint8Array, own: Socket): Uint8Array {
    if (!out.includes(0x41)) return out;
    const kept: Uint8Array[] = [];
    let at = 0;
    while (at + 5 <= out.length) {
      const length = 1 + int32(out, at + 1);
      const message = out.subarray(at, at + length);
      at += length;
      if (message[0] !== 0x41) {
        kept.push(message);
        continue;
      }
      // 'A', int32 length, int32 pid, channel\0, payload\0
      const end = message.indexOf(0, 9);
      const channel = new TextDecoder().decode(message.subarray(9, end));
      for (const socket of this.listeners.get(channel) ?? []) {
        if (socket === own) kept.push(message);
        else if (socket.writable) socket.write(message.slice());
      }
    }
    return concat(...kept);
  }
}

/** AuthenticationCleartextPassword: 'R', length 8, code 3. */
const cleartextPasswordRequest = new Uint8Array([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

/** The password of a PasswordMessage ('p', length, text\0). */
function passwordOf(message: Uint8Array): string {
  const end = message.indexOf(0, 5);
  return new TextDecoder().decode(message.subarray(5, end < 0 ? message.length : end));
}

function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** A FATAL ErrorResponse with its SQLSTATE, as a server sends it before closing. */
function errorResponse(code: string, text: string): Uint8Array {
  const field = (type: string, value: string) => [
    type.charCodeAt(0),
    ...new TextEncoder().encode(value),
    0,
  ];
  const body = [
    ...field("S", "FATAL"),
    ...field("V", "FATAL"),
    ...field("C", code),
    ...field("M", text),
    0,
  ];
  const out = new Uint8Array(5 + body.length);
  out[0] = 0x45; // 'E'
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function concat(...arrays: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let offset = 0;
  for (const a of arrays) {
    out.set(a, offset);
    offset += a.length;
  }
  return out;
}

function int32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0);
}

/** The next complete message: startup-type messages have no type byte. */
function takeMessage(buffer: Uint8Array, started: boolean): Uint8Array | undefined {
  if (!started) {
    if (buffer.length < 4) return undefined;
    const length = int32(buffer, 0);
    return buffer.length >= length ? buffer.subarray(0, length) : undefined;
  }
  if (buffer.length < 5) return undefined;
  const length = 1 + int32(buffer, 1);
  return buffer.length >= length ? buffer.subarray(0, length) : undefined;
}

/** The SQL text of a simple query ('Q') or a Parse ('P'); "" for other messages. */
function queryText(message: Uint8Array): string {
  if (message[0] === 0x51) return new TextDecoder().decode(message.subarray(5, message.length - 1));
  if (message[0] !== 0x50) return "";
  const nameEnd = message.indexOf(0, 5);
  return new TextDecoder().decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1)));
}

/** The LISTEN/UNLISTEN statements in SQL text, as [unlisten, channel]. */
function listenStatements(text: string): [boolean, string][] {
  if (!/listen/i.test(text)) return [];
  const found: [boolean, string][] = [];
  for (const m of text.matchAll(/(?:^|;)\s*(un)?listen\s+("(?:[^"]|"")+"|\*|[A-Za-z_][\w$]*)/gi)) {
    const raw = m[2];
    const channel = raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw.toLowerCase();
    found.push([Boolean(m[1]), channel]);
  }
  return found;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function isSslRequest(message: Uint8Array): boolean {
  return message.length === 8 && int32(message, 4) === 80877103;
}

/** Whether the answer's last message is ReadyForQuery with status idle (not in a transaction). */
function endsIdle(out: Uint8Array): boolean {
  let at = 0;
  let lastIdle = false;
  while (at + 5 <= out.length) {
    const type = out[at];
    const length = int32(out, at + 1);
    if (type === 0x5a) lastIdle = out[at + 5] === 0x49; // 'Z' … 'I'
    else lastIdle = false;
    at += 1 + length;
  }
  return lastIdle;
}
