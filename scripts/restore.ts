import { parseArgs } from "node:util";
import { connect } from "../db/connection.ts";
import { restoreBackup, RestoreRefused } from "../db/backup.ts";
import { withDatabase } from "./database_url.ts";

/**
 * deno task restore FILE [--force]: puts a backup of `deno task backup` into DATABASE_URL or the
 * embedded database. An empty database only, unless --force (then its content is replaced). All
 * or nothing: a broken file changes nothing.
 */
const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: { force: { type: "boolean" } },
});
const file = positionals[0];
if (!file) {
  console.error("Aufruf: deno task restore <datei> [--force]");
  Deno.exit(2);
}

await withDatabase(async (url) => {
  const sql = connect(url, { max: 1 });
  try {
    const input = await Deno.open(file, { read: true });
    const counts = await restoreBackup(sql, input.readable, { force: values.force });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Sicherung wiederhergestellt: ${Object.keys(counts).length} Tabellen, ${rows} Zeilen`,
    );
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) console.error(`Datei nicht gefunden: ${file}`);
    else if (err instanceof RestoreRefused) console.error(err.message);
    else console.error(`Wiederherstellung fehlgeschlagen: ${(err as Error).message}`);
    Deno.exitCode = 2;
  } finally {
    await sql.end();
  }
});
