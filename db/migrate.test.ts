import { rejects } from "node:assert/strict";
import { assertEquals } from "../api/testing/assert.ts";
import { migrate } from "./migrate.ts";
import { createTestDatabase } from "./test_database.ts";

/** A migrations folder of its own, numbered above the real ones so both can share one database. */
async function migrationsFolder(files: Record<string, string>): Promise<URL> {
  const dir = await Deno.makeTempDir({ prefix: "fahrplan_migrations_" });
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return new URL(`file://${dir}/`);
}

Deno.test("a late migration numbered below the last applied one is refused, nothing applied", async () => {
  const db = await createTestDatabase("migrate_order");
  try {
    const dir = await migrationsFolder({
      "9001_first.sql": "create table late_first (id int);",
      "9003_third.sql": "create table late_third (id int);",
    });
    assertEquals(await migrate(db.sql, () => {}, dir), ["9001_first.sql", "9003_third.sql"]);

    // A branch merged later brings 9002 beside a new 9004.
    await Deno.writeTextFile(new URL("9002_second.sql", dir), "create table late_second (id int);");
    await Deno.writeTextFile(new URL("9004_fourth.sql", dir), "create table late_fourth (id int);");
    await rejects(() => migrate(db.sql, () => {}, dir), {
      message: "Migration 9002_second.sql ist noch nicht angewendet, liegt aber vor der zuletzt " +
        "angewendeten 9003_third.sql. Es wurde nichts angewendet: bitte die Datei mit einer " +
        "Nummer über 9003 neu benennen.",
    });
    const tables = await db.sql`select table_name from information_schema.tables
                                where table_name like 'late_%' order by table_name`;
    assertEquals(tables.map((row) => row.table_name), ["late_first", "late_third"]);

    // Renumbered above the last applied one, it runs.
    await Deno.rename(new URL("9002_second.sql", dir), new URL("9005_second.sql", dir));
    assertEquals(await migrate(db.sql, () => {}, dir), ["9004_fourth.sql", "9005_second.sql"]);
    await Deno.remove(dir, { recursive: true });
  } finally {
    await db.sql.end();
    await db.stop();
  }
});
