import { connect } from "./connection.ts";
import { migrate } from "./migrate.ts";

const migrationsDir = new URL("../sql/migrations/", import.meta.url);

/** Serialises the template's build between the test processes that start together. */
const BUILD_LOCK = 7432002;

/** A short hash of the migration files: a changed or added migration names a new template. */
async function migrationsHash(): Promise<string> {
  const names = [...Deno.readDirSync(migrationsDir)].map((e) => e.name).filter((n) =>
    n.endsWith(".sql")
  ).sort();
  const parts = await Promise.all(
    names.map(async (n) => `${n}\n${await Deno.readTextFile(new URL(n, migrationsDir))}`),
  );
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(parts.join("\n")),
  );
  return [...new Uint8Array(digest).slice(0, 5)].map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/**
 * The name of a database on the server holding every migration, for test databases to be copied
 * from (`create database x template y`). Running the migrations took 1.6 s or more for each of the
 * ~70 Deno test files and ~45 end-to-end apps; a copy takes a fraction of it. The first caller builds
 * it under an advisory lock (the others wait and find it), under a temporary name renamed when
 * complete, so a killed build never leaves a half-migrated template. Older templates of the same
 * prefix (before a migration changed) are dropped then.
 */
export async function migratedTemplate(serverUrl: string, prefix: string): Promise<string> {
  const name = `fahrplan_tpl_${prefix}${await migrationsHash()}`.toLowerCase();
  const admin = connect(`${serverUrl}/postgres`, { max: 1 });
  try {
    await admin`select pg_advisory_lock(${BUILD_LOCK})`;
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    const building = `${name}_build`;
    await admin.unsafe(`drop database if exists ${building} with (force)`);
    await admin.unsafe(`create database ${building}`);
    const sql = connect(`${serverUrl}/${building}`, { max: 1 });
    try {
      await migrate(sql);
    } finally {
      await sql.end();
    }
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    // Exactly this prefix and a hash: other checkouts' templates (other prefixes) stay.
    const stale = await admin`
      select datname from pg_database
      where datname ~ ${`^fahrplan_tpl_${prefix.toLowerCase()}[0-9a-f]{10}$`} and datname <> ${name}`;
    for (const { datname } of stale) {
      await admin.unsafe(`drop database if exists ${datname} with (force)`);
    }
    return name;
  } finally {
    await admin`select pg_advisory_unlock(${BUILD_LOCK})`.catch(() => {});
    await admin.end();
  }
}
