import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { argon2id } from "hash-wasm";
import postgres from "postgres";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const serverUrl = process.env.TEST_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Whether the app runs on its own embedded PGlite, decided as api/testing/test_database.ts decides
 * for the Deno tests: FAHRPLAN_TEST_PGLITE=1 or =0 forces it, otherwise PGlite when nothing
 * answers at the Postgres server's address.
 */
function usesPglite(): Promise<boolean> {
  const forced = process.env.FAHRPLAN_TEST_PGLITE;
  if (forced === "1" || forced === "0") return Promise.resolve(forced === "1");
  const { hostname, port } = new URL(serverUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 5432), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/**
 * A fresh database for one spec. On Postgres: a database named after the spec on the server. On
 * PGlite: none is made here; the app starts without DATABASE_URL, so `deno task start` opens its
 * own embedded database in `dataDir` and writes the URL to `dataDir/embedded-url`.
 */
async function prepareDatabase(name: string) {
  if (await usesPglite()) {
    const dataDir = mkdtempSync(join(tmpdir(), "fahrplan-e2e-"));
    return {
      env: { FAHRPLAN_DATA_DIR: dataDir },
      url: () => readFileSync(join(dataDir, "embedded-url"), "utf8").trim(),
      remove: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // TEST_DATABASE_PREFIX keeps two checkouts that test at once on one server apart; the worker's
  // index keeps apart the workers that run the tests of one spec side by side (mode "parallel").
  const database = `fahrplan_e2e_${process.env.TEST_DATABASE_PREFIX ?? ""}${
    name.replace(/[^a-z0-9]/gi, "_").toLowerCase()
  }_w${process.env.TEST_PARALLEL_INDEX ?? 0}`;
  // The migrated template made by `deno task test` (db/test_template.ts): a copy of it instead of
  // every app running all migrations on start. Without it (Playwright run by hand) the app migrates.
  const template = process.env.FAHRPLAN_TEST_TEMPLATE;
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}${template ? ` template ${template}` : ""}`);
  // A test's data need not survive a crash of the server: commits do not wait for the disk.
  await admin.unsafe(`alter database ${database} set synchronous_commit = off`);
  await admin.end();
  const url = `${serverUrl}/${database}`;
  return { env: { DATABASE_URL: url }, url: () => url, remove: () => {} };
}

function denoCommand(): [string, string[]] {
  if (process.env.DENO_BIN) return [process.env.DENO_BIN, []];
  return ["npx", ["-y", "deno@2"]];
}

/** A running app (API + solver, started as `deno task start` starts them) on its own database. */
export interface AppHandle {
  baseURL: string;
  sql: postgres.Sql;
  databaseUrl: string;
  /** Inserts a user with the given role; password defaults to 'geheim-passwort-1'. */
  createUser(user: {
    username: string;
    role: "admin" | "instructor" | "student";
    password?: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    /** whether the admin and student-list tours count as seen (default true: not over other tests) */
    tourSeen?: boolean;
  }): Promise<number>;
  /** Loads a planner instance file with the real seed command, replacing all data (`--reset`). */
  seed(instancePath: string): void;
  /** Everything the app (API and solver) has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the app on a fresh database named after the spec file. `env` reaches only this app: a
 * spec that set process.env at its top level leaked into every spec of the run (Playwright loads
 * all spec files in one process), and a 300 ms planner step delay made other specs' runs slow.
 */
export async function startApp(
  name: string,
  env: Record<string, string> = {},
): Promise<AppHandle> {
  const database = await prepareDatabase(name);
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const port = await freePort();
  const [bin, prefix] = denoCommand();
  const child: ChildProcess = spawn(
    bin,
    [...prefix, "run", "-A", "scripts/start.ts", "--no-build"],
    {
      cwd: repoRoot,
      env: { ...inherited, ...env, ...database.env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so stop() ends the app even when npx sits in between.
      detached: true,
    },
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/csrf/`);
      if (res.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`app did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const databaseUrl = database.url();
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  return {
    baseURL,
    sql,
    databaseUrl,
    async createUser(user) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const hash = await argon2id({
        password: user.password ?? "geheim-passwort-1",
        salt,
        memorySize: 19456,
        iterations: 2,
        parallelism: 1,
        hashLength: 32,
        outputType: "encoded",
      });
      const [row] = await sql`
        insert into users (username, role, password_hash, first_name, last_name, email)
        values (${user.username}, ${user.role}, ${hash}, ${user.first_name ?? ""},
                ${user.last_name ?? ""}, ${user.email ?? ""})
        returning id::int
      `;
      // Tours would cover the screens other specs test; a spec that tests one asks for it.
      if (user.role === "admin" && user.tourSeen !== false) {
        await sql`insert into tutorial_states (user_id, tour)
                  values (${row.id}, 'admin'), (${row.id}, 'student_list')`;
      }
      if (user.role === "instructor") {
        await sql`insert into instructor_profiles (user_id, transmission_types) values (${row.id}, '{manual}')`;
      }
      if (user.role === "student") {
        await sql`insert into student_profiles (user_id, license_class, required_manual_hours)
                  values (${row.id}, 'B', 20)`;
      }
      return row.id;
    },
    output: () => output,
    seed(instancePath) {
      // As a developer runs it: `deno task seed --instance <file> --reset`.
      execFileSync(bin, [
        ...prefix,
        "run",
        "-A",
        "scripts/seed.ts",
        "--instance",
        instancePath,
        "--reset",
      ], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: "pipe",
      });
    },
    async stop() {
      await sql.end({ timeout: 2 });
      const exited = new Promise((r) => child.exitCode !== null ? r(null) : child.once("exit", r));
      child.kill("SIGTERM");
      // Real-world time: the most the app may take to stop by itself (the solver's 5 s grace for
      // a running plan, with room); it ends earlier as soon as it exits.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      // Whatever is left of its process group (the app under npx) goes too.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch { /* nothing left */ }
      database.remove();
    },
  };
}

/** Registers beforeAll/afterAll for a spec file and returns a getter for its running app. */
export function useApp(name: string, env: Record<string, string> = {}): () => AppHandle {
  let handle: AppHandle | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    handle = await startApp(name, env);
  });
  test.afterAll(async () => {
    await handle?.stop();
  });
  return () => {
    if (!handle) throw new Error("app not started");
    return handle;
  };
}

/** The repository root, for tests that need files. */
export const root = repoRoot;
