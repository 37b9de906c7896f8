import { dataDir } from "./database_url.ts";

/** Where `deno task backup` and the daily backup of the embedded database put their files. */
export const backupDir = `${dataDir}/backups`;

/** fahrplan-2026-11-27-2015.json.gz: sorts by time, one per minute at most. */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  return `fahrplan-${stamp}.json.gz`;
}

/** The backup files in `dir`, oldest first. */
export async function backupFiles(dir = backupDir): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && /^fahrplan-\d{4}-\d{2}-\d{2}-\d{4}\.json\.gz$/.test(entry.name)) {
        names.push(entry.name);
      }
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return names.sort();
}
