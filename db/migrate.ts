import type { Sql } from "./connection.ts";

const migrationsDir = new URL("../sql/migrations/", import.meta.url);

/**
 * Applies every numbered .sql file not yet recorded in schema_migrations, each in its own
 * transaction, in the order of their names. A pending file that sorts before the last applied one
 * (a late merge that kept an old number) is refused before anything runs: applied out of order it
 * could meet a schema it was not written for, and databases migrated earlier would differ from new
 * ones.
 */
export async function migrate(
  sql: Sql,
  log: (line: string) => void = () => {},
  dir: URL = migrationsDir,
): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`;
  const files = [...Deno.readDirSync(dir)]
    .map((entry) => entry.name)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort();
  const done = new Set((await sql`select name from schema_migrations`).map((row) => row.name));
  refuseOutOfOrder(files.filter((name) => !done.has(name)), [...done]);
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const text = await Deno.readTextFile(new URL(name, dir));
    await sql.begin(async (tx) => {
      // Serialises concurrent migrators (API and worker starting together).
      await tx`select pg_advisory_xact_lock(7432001)`;
      const [again] = await tx`select 1 from schema_migrations where name = ${name}`;
      if (again) return;
      await tx.unsafe(text);
      await tx`insert into schema_migrations (name) values (${name})`;
      applied.push(name);
      log(`Migration ${name} angewendet`);
    });
  }
  return applied;
}

function refuseOutOfOrder(pending: string[], applied: string[]) {
  const last = applied.filter((name) => /^\d{4}_/.test(name)).sort().at(-1);
  if (!last) return;
  const late = pending.filter((name) => name < last);
  if (late.length === 0) return;
  throw new Error(
    `Migration ${late.join(", ")} ist noch nicht angewendet, liegt aber vor der zuletzt ` +
      `angewendeten ${last}. Es wurde nichts angewendet: bitte die Datei mit einer Nummer über ` +
      `${last.slice(0, 4)} neu benennen.`,
  );
}
