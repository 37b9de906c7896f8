import { parseArgs } from "node:util";
import { connect } from "../db/connection.ts";
import { writeBackup } from "../db/backup.ts";
import { backupDir, backupFileName } from "./backup_files.ts";
import { withDatabase } from "./database_url.ts";

/**
 * deno task backup [--out FILE]: a consistent snapshot of every table of DATABASE_URL, the running
 * embedded database or the embedded data directory, gzipped (db/backup.ts). Without --out it goes
 * to .data/backups/.
 */
const { values } = parseArgs({ args: Deno.args, options: { out: { type: "string" } } });
const out = values.out ?? `${backupDir}/${backupFileName(new Date())}`;
await Deno.mkdir(out.replace(/\/[^/]*$/, "") || ".", { recursive: true });

await withDatabase(async (url) => {
  const sql = connect(url, { max: 1 });
  // Written next to the target and renamed at the end: a failed backup leaves no half file.
  const partial = `${out}.teil`;
  try {
    const file = await Deno.open(partial, { write: true, create: true, truncate: true });
    const counts = await writeBackup(sql, file.writable);
    await Deno.rename(partial, out);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Sicherung geschrieben: ${out} (${Object.keys(counts).length} Tabellen, ${rows} Zeilen)`,
    );
  } catch (err) {
    await Deno.remove(partial).catch(() => {});
    console.error(`Sicherung fehlgeschlagen: ${(err as Error).message}`);
    Deno.exitCode = 1;
  } finally {
    await sql.end();
  }
});
