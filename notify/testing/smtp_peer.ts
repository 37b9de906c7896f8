/**
 * A real SMTP server on loopback for the tests (smtp-server, from the nodemailer project): the
 * delivery worker talks SMTP to it as to a mail provider. It can refuse addresses for good (550)
 * and hold a conversation at RCPT TO, so a test can kill the worker in the middle of a send.
 */
import { SMTPServer } from "smtp-server";

/** One accepted e-mail, decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  messageId: string;
}

export interface SmtpPeerOptions {
  /** Addresses answered with 550 (a mailbox that does not exist). */
  refuse?: (address: string) => boolean;
  /** Addresses whose RCPT TO waits until `release()`. */
  hold?: (address: string) => boolean;
}

/** Quoted-printable (RFC 2045) to text. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(joined[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** An RFC 2047 header ("=?UTF-8?Q?...?=" words) to text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?utf-8\?([QB])\?([^?]*)\?=/gi,
      (_, kind: string, data: string) =>
        kind.toUpperCase() === "B"
          ? new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)))
          : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** Splits a raw message into its decoded subject, Message-ID and plain-text body. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) =>
    head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1).trim() ?? "";
  let body = raw.slice(split + 4).replace(/\r\n$/, "");
  const encoding = header("content-transfer-encoding").toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  if (encoding === "base64") {
    body = new TextDecoder().decode(
      Uint8Array.from(atob(body.replace(/\s/g, "")), (c) => c.charCodeAt(0)),
    );
  }
  return {
    to,
    subject: decodeHeader(header("subject")),
    text: body.replace(/\r\n/g, "\n"),
    messageId: header("message-id"),
  };
}

/** Starts the server on a free loopback port. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}) {
  const received: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  let holding = true;
  let heldCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, done) {
      done(null, { user: auth.username });
    },
    onRcptTo(address, _session, done) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error("Postfach unbekannt"), { responseCode: 550 });
        return done(error);
      }
      if (holding && options.hold?.(address.address)) {
        heldCount++;
        held.push(() => done());
        return;
      }
      done();
    },
    onData(stream, session, done) {
      (async () => {
        const chunks: Uint8Array[] = [];
        for await (const chunk of stream) chunks.push(chunk as Uint8Array);
        const raw = new TextDecoder().decode(
          new Uint8Array(chunks.flatMap((c) => [...c])),
        );
        received.push(parseMail(raw, session.envelope.rcptTo.map((r) => r.address)));
        done();
      })().catch((err) => done(err as Error));
    },
  });
  // A sender killed in the middle of a conversation (the crash tests do that) resets its
  // connection; the server reports it as an 'error' event, which unheard would end the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server as unknown as { server: { address(): { port: number } } }).server.address()
    .port;
  return {
    url: `smtp://fahrschule:geheim@127.0.0.1:${port}`,
    received,
    /** How many RCPT TO are being held right now or were. */
    heldCount: () => heldCount,
    /** Lets every held RCPT TO go on and holds no more. */
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
