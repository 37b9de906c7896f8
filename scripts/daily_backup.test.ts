import { assert, assertEquals } from "../api/testing/assert.ts";
import { startEmbeddedDatabase } from "../db/embedded_db.ts";
import { connect } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { dailyBackup } from "./daily_backup.ts";
import { backupFiles } from "./backup_files.ts";

Deno.test("daily backup: one a day, the newest 'keep' stay", async () => {
  const db = await startEmbeddedDatabase();
  const sql = connect(db.url, { max: 1 });
  await migrate(sql);
  await sql.end();
  const dir = await Deno.makeTempDir({ prefix: "fahrplan-daily-" });
  try {
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 3, 0));
    assert(await dailyBackup(db.url, { keep: 2, dir, now: day(0) }));
    // The same day again: nothing new.
    assertEquals(
      await dailyBackup(db.url, { keep: 2, dir, now: new Date(day(0).getTime() + 3600_000) }),
      null,
    );
    await dailyBackup(db.url, { keep: 2, dir, now: day(1) });
    await dailyBackup(db.url, { keep: 2, dir, now: day(2) });
    assertEquals(await backupFiles(dir), [
      "fahrplan-2026-11-02-0300.json.gz",
      "fahrplan-2026-11-03-0300.json.gz",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.stop();
  }
});
