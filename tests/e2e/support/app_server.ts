import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
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
  }): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the app on a fresh database named after the spec file. */
export async function startApp(name: string): Promise<AppHandle> {
  // TEST_DATABASE_PREFIX keeps two checkouts that test at once on one server apart.
  const database = `fahrplan_e2e_${process.env.TEST_DATABASE_PREFIX ?? ""}${name.replace(/[^a-z0-9]/gi, "_").toLowerCase()}`;
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const databaseUrl = `${serverUrl}/${database}`;
  const port = await freePort();
  const [bin, prefix] = denoCommand();
  const child: ChildProcess = spawn(
    bin,
    [...prefix, "run", "-A", "scripts/start.ts", "--no-build"],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
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
      if (user.role === "instructor") {
        await sql`insert into instructor_profiles (user_id, transmission_types) values (${row.id}, '{manual}')`;
      }
      if (user.role === "student") {
        await sql`insert into student_profiles (user_id, license_class, required_manual_hours)
                  values (${row.id}, 'B', 20)`;
      }
      return row.id;
    },
    async stop() {
      await sql.end({ timeout: 2 });
      child.kill("SIGTERM");
      await new Promise((r) => child.exitCode !== null ? r(null) : child.once("exit", r));
    },
  };
}

/** Registers beforeAll/afterAll for a spec file and returns a getter for its running app. */
export function useApp(name: string): () => AppHandle {
  let handle: AppHandle | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    handle = await startApp(name);
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
