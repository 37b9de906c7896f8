import { hashPassword } from "../common/passwords.ts";
import { connect, type Sql } from "./connection.ts";
import { migrate } from "./migrate.ts";

const serverUrl = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";

/**
 * A fresh database for one test file (dropped and created again) and migrated. Each test file
 * names its own database, so files run in parallel against one Postgres server.
 */
export async function createTestDatabase(name: string): Promise<{ sql: Sql; url: string }> {
  // TEST_DATABASE_PREFIX keeps two checkouts that test at once on one server apart.
  const prefix = Deno.env.get("TEST_DATABASE_PREFIX") ?? "";
  const database = `fahrplan_test_${prefix}${name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  const admin = connect(`${serverUrl}/postgres`, { max: 1 });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}`);
  await admin.end();
  const url = `${serverUrl}/${database}`;
  const sql = connect(url);
  await migrate(sql);
  return { sql, url };
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
