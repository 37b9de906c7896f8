import { connect } from "../db/connection.ts";
import { writeBackup } from "../db/backup.ts";
import { backupDir, backupFileName, backupFiles } from "./backup_files.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The time a backup file was written, from its name (backupFileName). */
function writtenAt(name: string): number {
  const m = /^fahrplan-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})\.json\.gz$/.exec(name)!;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
}

/**
 * The embedded database's daily backup (issue 24): writes one when the newest in `dir` is a day
 * old or there is none, then keeps the newest `keep` files. Answers the file written, or null.
 */
export async function dailyBackup(
  url: string,
  options: { keep: number; dir?: string; now?: Date },
): Promise<string | null> {
  const dir = options.dir ?? backupDir;
  const now = options.now ?? new Date();
  const newest = (await backupFiles(dir)).at(-1);
  if (newest && now.getTime() - writtenAt(newest) < DAY_MS) return null;
  await Deno.mkdir(dir, { recursive: true });
  const path = `${dir}/${backupFileName(now)}`;
  const partial = `${path}.teil`;
  const sql = connect(url, { max: 1 });
  try {
    const file = await Deno.open(partial, { write: true, create: true, truncate: true });
    await writeBackup(sql, file.writable);
    await Deno.rename(partial, path);
  } catch (err) {
    await Deno.remove(partial).catch(() => {});
    throw err;
  } finally {
    await sql.end();
  }
  const all = await backupFiles(dir);
  for (const old of all.slice(0, Math.max(0, all.length - options.keep))) {
    await Deno.remove(`${dir}/${old}`);
  }
  return path;
}
