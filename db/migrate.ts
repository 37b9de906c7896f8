import type { Sql } from "./connection.ts";

const migrationsDir = new URL("../sql/migrations/", import.meta.url);

/** Applies every numbered .sql file not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(sql: Sql, log: (line: string) => void = () => {}): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`;
  const files = [...Deno.readDirSync(migrationsDir)]
    .map((entry) => entry.name)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort();
  const done = new Set((await sql`select name from schema_migrations`).map((row) => row.name));
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const text = await Deno.readTextFile(new URL(name, migrationsDir));
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
