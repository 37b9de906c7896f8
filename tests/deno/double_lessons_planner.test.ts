/**
 * Ordinary lessons as double lessons (issue 22, training.ordinaryDoubleLessons) with the real
 * worker process (solver/main.ts) on real Postgres: one instructor, one car, a student free only
 * on Mondays 14:00-16:00 who needs far more lessons than the horizon holds. With "prefer" the
 * worker writes each Monday's two Fahrstunden as one appointment of 90 minutes (45-minute
 * lessons), which the training counts take as two lessons; with "off" one 45-minute lesson a day.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { planWithWorker as planWorker } from "./plan_with_worker.ts";
import { defaultPlannerSettings } from "../../common/contract/planner_settings.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

const START = "2027-05-03";
const t = await createTestApp("double_lessons_planner");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };

await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");
const teacher = await insertUser(t.sql, { username: "lehrer1", role: "instructor" });
await t
  .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
            select ${teacher}, 'work', day, '08:00', '20:00' from generate_series(1, 6) day`;
await t.sql`insert into vehicles (name, transmission) values ('DO-FS 1', 'manual')`;
const pupil = await insertUser(t.sql, { username: "montagskind", role: "student" });
await t.sql`update student_profiles set required_manual_hours = 30 where user_id = ${pupil}`;
await t
  .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
            values (${pupil}, 'available', 1, '14:00', '16:00')`;

/** Saves the school's setting through the API (as the constraints page does), then plans. */
async function planWith(setting: "off" | "prefer") {
  const settings = structuredClone(defaultPlannerSettings);
  settings.training.ordinaryDoubleLessons = setting;
  assertEquals((await admin.put("/api/admin/planner-settings/", settings)).status, 200);
  await planWorker(t, admin, START);
  return await t.sql<{ type: string; clock: string; minutes: number }[]>`
    select appointment_type as type,
           to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as clock,
           (extract(epoch from ends_at - starts_at) / 60)::int as minutes
      from appointments where status <> 'cancelled' order by starts_at
  `;
}

/** Fahrstunden planned for the student, as the training counts (migration 0170) take them. */
async function plannedLessons(): Promise<number> {
  const [row] = await t.sql`
    select coalesce(sum(planned_lessons), 0)::int as n from student_training_counts
     where student_id = ${pupil} and kind = 'driving_lesson'
  `;
  return row.n;
}

Deno.test(
  "'prefer': each Monday's two Fahrstunden are one appointment of 90 minutes",
  options,
  async () => {
    const rows = await planWith("prefer");
    // Five Mondays in the 30 days from 3 May 2027, one of them Pfingstmontag (17 May).
    assertEquals(rows.length, 4);
    for (const r of rows) {
      assertEquals(r.type, "driving_lesson");
      assertEquals(r.clock, "14:00");
      assertEquals(r.minutes, 90);
    }
    assertEquals(await plannedLessons(), 8);
  },
);

Deno.test("'off': one 45-minute Fahrstunde a Monday, as before", options, async () => {
  const rows = await planWith("off");
  assertEquals(rows.length, 4);
  assert(rows.every((r) => r.minutes === 45), JSON.stringify(rows));
  assertEquals(await plannedLessons(), 4);
});
