import type postgres from "postgres";
import type { Db, Sql } from "./connection.ts";
import { migrate } from "./migrate.ts";

/**
 * Backup and restore of the school's data, the same on embedded PGlite and on Postgres: a logical
 * dump (every table's rows as JSON, in one read-only snapshot) gzipped into one file. It needs no
 * pg_dump of the server's version and goes through the same connection the app uses, so it works
 * while the app runs (PGlite's data directory cannot be copied while it is open).
 *
 * File: gzip of JSON lines. The first line is the header (format, time, migrations, tables), then
 * per table one line {"table", "columns"} followed by one line per chunk {"rows": [[...], ...]}.
 */
export const BACKUP_FORMAT = "fahrplan-backup/1";
const CHUNK = 500;

interface Header {
  format: string;
  created_at: string;
  migrations: string[];
  tables: string[];
}

/** The app's tables in an order that inserts every referenced row before its referrer. */
async function tablesInOrder(sql: Db): Promise<string[]> {
  const tables = (await sql<{ name: string }[]>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'schema_migrations'
     order by c.relname
  `).map((r) => r.name);
  const references = await sql<{ child: string; parent: string }[]>`
    select cc.relname as child, pc.relname as parent
      from pg_constraint k
      join pg_class cc on cc.oid = k.conrelid
      join pg_class pc on pc.oid = k.confrelid
      join pg_namespace n on n.oid = cc.relnamespace
     where k.contype = 'f' and n.nspname = current_schema() and cc.oid <> pc.oid
  `;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const r of references) if (r.child === table) visit(r.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function columnsOf(sql: Db, table: string): Promise<string[]> {
  return (await sql<{ name: string }[]>`
    select attname as name from pg_attribute
     where attrelid = ${table}::regclass and attnum > 0 and not attisdropped
       and attgenerated = ''
     order by attnum
  `).map((r) => r.name);
}

/** Writes a consistent snapshot of every table to `out`; answers the row count per table. */
export async function writeBackup(
  sql: Sql,
  out: WritableStream<Uint8Array>,
): Promise<Record<string, number>> {
  const gzip = new CompressionStream("gzip");
  const piped = gzip.readable.pipeTo(out);
  const writer = gzip.writable.getWriter();
  const encoder = new TextEncoder();
  const line = (value: unknown) => writer.write(encoder.encode(JSON.stringify(value) + "\n"));
  const counts: Record<string, number> = {};
  // One snapshot for all tables: a save that lands mid-backup is in it entirely or not at all.
  await sql.begin("isolation level repeatable read read only", async (tx) => {
    const tables = await tablesInOrder(tx);
    const migrations = (await tx<{ name: string }[]>`
      select name from schema_migrations order by name
    `).map((r) => r.name);
    const header: Header = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      migrations,
      tables,
    };
    await line(header);
    for (const table of tables) {
      const columns = await columnsOf(tx, table);
      await line({ table, columns });
      counts[table] = 0;
      // Each row as JSON text in column order: Postgres' own JSON of every type (timestamps with
      // zone, arrays, jsonb, bytea as \x…), read back by json_populate_recordset on restore.
      const rows = tx.unsafe(
        `select json_build_array(${
          columns.map((c) => `t.${quoteIdent(c)}`).join(", ")
        })::text as row from ${quoteIdent(table)} t`,
      ).cursor(CHUNK);
      for await (const chunk of rows) {
        await line({ rows: chunk.map((r) => JSON.parse(r.row)) });
        counts[table] += chunk.length;
      }
    }
  });
  await writer.close();
  await piped;
  return counts;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Thrown for a file or database the restore will not touch; its message is for the user. */
export class RestoreRefused extends Error {}

/**
 * Puts a backup back: migrates the database, refuses one that already holds people unless
 * `force`, then, in one transaction, empties every table and inserts the backup's rows (columns
 * the backup does not know keep their defaults), and moves every id sequence past its highest id.
 * Answers the row count per table.
 */
export async function restoreBackup(
  sql: Sql,
  input: ReadableStream<Uint8Array>,
  options: { force?: boolean } = {},
): Promise<Record<string, number>> {
  const lines = input
    .pipeThrough(new DecompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>)
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(splitLines());
  const reader = lines.getReader();
  const next = async () => {
    const { value, done } = await reader.read();
    return done ? undefined : JSON.parse(value);
  };
  let header: Header;
  try {
    header = await next();
  } catch {
    throw new RestoreRefused("Die Datei ist keine Fahrplan-Sicherung (gzip mit JSON erwartet).");
  }
  if (header?.format !== BACKUP_FORMAT) {
    throw new RestoreRefused("Die Datei ist keine Fahrplan-Sicherung.");
  }
  await migrate(sql);
  const known = new Set((await sql`select name from schema_migrations`).map((r) => r.name));
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new RestoreRefused(
      `Die Sicherung stammt von einer neueren Fahrplan-Version (Migration ${unknown[0]}). ` +
        "Bitte zuerst Fahrplan aktualisieren.",
    );
  }
  const [people] = await sql`select count(*)::int as n from users`;
  if (people.n > 0 && !options.force) {
    throw new RestoreRefused(
      `Die Datenbank ist nicht leer (${people.n} Benutzer). ` +
        "Mit --force wird ihr Inhalt durch die Sicherung ersetzt.",
    );
  }
  const counts: Record<string, number> = {};
  await sql.begin(async (tx) => {
    const tables = await tablesInOrder(tx);
    // Rows the migrations seed (settings, defaults) make way for the backup's own.
    await tx.unsafe(`truncate ${tables.map(quoteIdent).join(", ")} restart identity cascade`);
    let table = "";
    let columns: string[] = [];
    for (let entry = await next(); entry; entry = await next()) {
      if (entry.table) {
        table = entry.table;
        if (!tables.includes(table)) {
          throw new RestoreRefused(`Die Sicherung enthält eine unbekannte Tabelle „${table}“.`);
        }
        const present = new Set(await columnsOf(tx, table));
        columns = entry.columns;
        const missing = columns.find((c) => !present.has(c));
        if (missing) {
          throw new RestoreRefused(`Spalte „${table}.${missing}“ gibt es in dieser Version nicht.`);
        }
        counts[table] = 0;
        continue;
      }
      const objects = (entry.rows as unknown[][]).map((row) =>
        Object.fromEntries(columns.map((c, i) => [c, row[i]]))
      );
      const list = columns.map(quoteIdent).join(", ");
      await tx.unsafe(
        `insert into ${quoteIdent(table)} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`,
        // As a json parameter: a JSON.stringify'd string would be encoded once more (a scalar).
        [tx.json(objects as postgres.JSONValue)],
      );
      counts[table] += objects.length;
    }
    await resetSequences(tx);
  });
  return counts;
}

/** Every sequence owned by a column goes on after the highest value restored. */
async function resetSequences(tx: Db) {
  const owned = await tx<{ table_name: string; column_name: string; sequence: string }[]>`
    select t.relname as table_name, a.attname as column_name, s.relname as sequence
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = current_schema()
  `;
  for (const o of owned) {
    await tx.unsafe(
      `select setval('${quoteIdent(o.sequence).replaceAll("'", "''")}',
                     coalesce((select max(${quoteIdent(o.column_name)}) from ${
        quoteIdent(o.table_name)
      }), 0) + 1, false)`,
    );
  }
}

function splitLines(): TransformStream<string, string> {
  let rest = "";
  return new TransformStream({
    transform(chunk, controller) {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      for (const part of parts) if (part) controller.enqueue(part);
    },
    flush(controller) {
      if (rest) controller.enqueue(rest);
    },
  });
}

/** Row counts and a checksum per table, to compare a restored database with its original. */
export async function tableFingerprints(sql: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await tablesInOrder(sql)) {
    const [row] = await sql.unsafe(
      `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '')
              as sum
         from ${quoteIdent(table)} t`,
    );
    result[table] = `${row.n}:${row.sum}`;
  }
  return result;
}
