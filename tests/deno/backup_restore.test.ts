/**
 * Issue 24: `deno task backup` and `deno task restore` as an operator runs them (the scripts as
 * processes), on the test database server and on embedded PGlite: every row of every table comes
 * back (row count and checksum per table), a non-empty database is refused unless --force, and a
 * restore into a fresh embedded data directory gives a database the app opens with every row.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { connect } from "../../db/connection.ts";
import { tableFingerprints } from "../../db/backup.ts";
import { startEmbeddedDatabase } from "../../db/embedded_db.ts";
import { migrate } from "../../db/migrate.ts";
import { createTestDatabase } from "../../db/test_database.ts";
import { parseInstance } from "../../solver/instance.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { insertAppointment } from "../../api/testing/insert_appointment.ts";
import type { Sql } from "../../db/connection.ts";

const repo = new URL("../../", import.meta.url).pathname;
const klein = parseInstance(
  JSON.parse(await Deno.readTextFile(new URL("../../solver/examples/klein.json", import.meta.url))),
);

async function script(name: string, args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `scripts/${name}.ts`, ...args],
    cwd: repo,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

/** A school with people, weekly times, settings (jsonb) and lessons of several kinds. */
async function fillSchool(sql: Sql) {
  await seedInstance(sql, klein, { reset: true, password: "geheim-passwort-1" });
  const [student] = await sql`select id::int from users where role = 'student' order by id limit 1`;
  const [instructor] = await sql`
    select id::int from users where role = 'instructor' order by id limit 1`;
  await insertAppointment(sql, {
    student: student.id,
    instructor: instructor.id,
    day: "2026-12-01",
    start: "10:00",
  });
  await insertAppointment(sql, {
    student: student.id,
    instructor: instructor.id,
    day: "2026-12-02",
    start: "20:15",
    minutes: 90,
    type: "night",
    status: "cancelled",
  });
  await sql`update planner_settings set settings = settings || '{"maxHoursPerDay": 5}'::jsonb`;
}

async function tempFile() {
  const dir = await Deno.makeTempDir({ prefix: "fahrplan-backup-" });
  return { dir, file: `${dir}/sicherung.json.gz` };
}

Deno.test("backup and restore on the test database server: every row back, refusals in German", async () => {
  const source = await createTestDatabase("backup_source");
  const target = await createTestDatabase("backup_target");
  try {
    await fillSchool(source.sql);
    const { dir, file } = await tempFile();
    const backup = await script("backup", ["--out", file], { DATABASE_URL: source.url });
    assertEquals(backup.code, 0, backup.text);
    assert(backup.text.includes("Sicherung geschrieben"), backup.text);

    const restored = await script("restore", [file], { DATABASE_URL: target.url });
    assertEquals(restored.code, 0, restored.text);
    const before = await tableFingerprints(source.sql);
    assertEquals(await tableFingerprints(target.sql), before);
    assert(Number(before.users.split(":")[0]) > 10, "the school has people");
    // New rows after a restore get fresh ids (the sequences moved past the restored ones).
    const [created] = await target.sql`
      insert into vehicles (name, transmission) values ('DO-NEU 1', 'manual') returning id::int`;
    const [highest] = await source.sql`select coalesce(max(id), 0)::int as id from vehicles`;
    assert(created.id > highest.id);

    // A database with people is not overwritten by mistake.
    const refused = await script("restore", [file], { DATABASE_URL: target.url });
    assertEquals(refused.code, 2);
    assert(refused.text.includes("Die Datenbank ist nicht leer"), refused.text);
    const forced = await script("restore", [file, "--force"], { DATABASE_URL: target.url });
    assertEquals(forced.code, 0, forced.text);
    assertEquals(await tableFingerprints(target.sql), before);

    // Not a backup: refused, nothing changed.
    await Deno.writeTextFile(`${dir}/kaputt.json.gz`, "kein gzip");
    const broken = await script("restore", [`${dir}/kaputt.json.gz`, "--force"], {
      DATABASE_URL: target.url,
    });
    assertEquals(broken.code, 2);
    assert(broken.text.includes("keine Fahrplan-Sicherung"), broken.text);
    assertEquals(await tableFingerprints(target.sql), before);
    await Deno.remove(dir, { recursive: true });
  } finally {
    await source.sql.end();
    await target.sql.end();
    await source.stop();
    await target.stop();
  }
});

Deno.test("embedded PGlite: backup while it serves, restore into a fresh data directory", async () => {
  const running = await startEmbeddedDatabase();
  const sql = connect(running.url, { max: 2 });
  const { dir, file } = await tempFile();
  try {
    await migrate(sql);
    await fillSchool(sql);
    const backup = await script("backup", ["--out", file], { DATABASE_URL: running.url });
    assertEquals(backup.code, 0, backup.text);
    const before = await tableFingerprints(sql);

    // No app runs on the new data directory: the script opens it itself, as after a crash.
    const restored = await script("restore", [file], { FAHRPLAN_DATA_DIR: `${dir}/neu` });
    assertEquals(restored.code, 0, restored.text);
    const reopened = await startEmbeddedDatabase(`${dir}/neu/pgdata`);
    const again = connect(reopened.url, { max: 1 });
    try {
      assertEquals(await tableFingerprints(again), before);
    } finally {
      await again.end();
      await reopened.stop();
    }
  } finally {
    await sql.end();
    await running.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
