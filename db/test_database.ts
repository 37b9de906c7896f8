import { hashPassword } from "../common/passwords.ts";
import { connect, type Sql } from "./connection.ts";
import { migrate } from "./migrate.ts";
import { startEmbeddedDatabase } from "./embedded_db.ts";
import { migratedTemplate } from "./test_template.ts";

/** The Postgres server the test databases are made on. */
export const testServerUrl = Deno.env.get("TEST_DATABASE_SERVER") ??
  "postgres://postgres@127.0.0.1:5432";

/** Whether something accepts connections at the server's address. */
async function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  try {
    const conn = await Deno.connect({ hostname, port: Number(port || 5432) });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

let decided: Promise<boolean> | undefined;

/**
 * Whether the database tests run on embedded PGlite instead of the Postgres server:
 * FAHRPLAN_TEST_PGLITE=1 forces PGlite, =0 forces the server (CI, where a server that did not come
 * up must fail the run); unset, PGlite is used when nothing answers at the server's address, so
 * the tests also pass on a machine without Postgres.
 */
export function usesPglite(): Promise<boolean> {
  const forced = Deno.env.get("FAHRPLAN_TEST_PGLITE");
  if (forced === "1" || forced === "0") return Promise.resolve(forced === "1");
  return decided ??= answers(testServerUrl).then((up) => !up);
}

/** The line `deno task test` starts with, so nobody mistakes a PGlite run for one on Postgres. */
export async function testDatabaseBanner(): Promise<string> {
  if (!(await usesPglite())) return `Datenbanktests auf Postgres (${new URL(testServerUrl).host}).`;
  return Deno.env.get("FAHRPLAN_TEST_PGLITE") === "1"
    ? "FAHRPLAN_TEST_PGLITE=1: die Datenbanktests laufen auf PGlite (eingebettet)."
    : `Keine Postgres-Datenbank auf ${
      new URL(testServerUrl).host
    }: die Datenbanktests laufen auf PGlite (eingebettet).`;
}

/**
 * A fresh, migrated database for one test file; `stop` releases it. On Postgres each file names
 * its own database on the shared server (dropped and copied again from the migrated template of
 * test_template.ts), so files run in parallel; `migrate` then finds nothing to do. On PGlite each
 * file gets its own in-memory instance on a free loopback port, migrated here: `deno test` runs
 * every file in its own process, and child processes (worker, scripts) reach it by URL.
 */
export async function createTestDatabase(
  name: string,
): Promise<{ sql: Sql; url: string; stop(): Promise<void> }> {
  const { url, stop } = await freshDatabase(name);
  const sql = connect(url);
  await migrate(sql);
  return { sql, url, stop };
}

async function freshDatabase(name: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (await usesPglite()) return await startEmbeddedDatabase();
  // TEST_DATABASE_PREFIX keeps two checkouts that test at once on one server apart.
  const prefix = Deno.env.get("TEST_DATABASE_PREFIX") ?? "";
  const database = `fahrplan_test_${prefix}${name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  const template = await migratedTemplate(testServerUrl, prefix);
  const admin = connect(`${testServerUrl}/postgres`, { max: 1 });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database} template ${template}`);
  // A test's data need not survive a crash of the server: commits do not wait for the disk.
  await admin.unsafe(`alter database ${database} set synchronous_commit = off`);
  await admin.end();
  return { url: `${testServerUrl}/${database}`, stop: async () => {} };
}

type Role = "admin" | "instructor" | "student";
const passwordHashes = new Map<string, Promise<string>>();

/** Inserts a user directly; returns its id. Hashes are cached: argon2 is slow on purpose. */
export async function insertUser(
  sql: Sql,
  user: {
    username: string;
    role: Role;
    password?: string;
    first_name?: string;
    last_name?: string;
    email?: string;
  },
): Promise<number> {
  const password = user.password ?? "geheim-passwort-1";
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const hash = await passwordHashes.get(password)!;
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
}
