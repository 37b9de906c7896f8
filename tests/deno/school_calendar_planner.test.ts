/**
 * Public holidays and Ferien with the real worker process (solver/main.ts) on real Postgres: the
 * worker plans the horizon from Monday 3 May 2027 (FAHRPLAN_PLANNER_START), which holds three
 * public holidays of Nordrhein-Westfalen and the Ferien stored below.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { planWithWorker as planWorker } from "./plan_with_worker.ts";
import { publicHolidays } from "../../common/school_calendar/public_holidays.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";

const START = "2027-05-03";
const END = addDays(START, 29);
const t = await createTestApp("school_calendar_planner");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };

await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

// Two instructors working Mon-Sat all day, one car, two students with the same timetable who
// both need far more lessons than the horizon holds: only the holiday attendance differs.
const teachers = [
  await insertUser(t.sql, { username: "lehrer1", role: "instructor" }),
  await insertUser(t.sql, { username: "lehrer2", role: "instructor" }),
];
for (const id of teachers) {
  await t
    .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
              select ${id}, 'work', day, '08:00', '20:00' from generate_series(1, 6) day`;
}
await t.sql`insert into vehicles (name, transmission) values ('DO-FS 1', 'manual')`;
const traveller = await insertUser(t.sql, { username: "ferienkind", role: "student" });
const homebody = await insertUser(t.sql, { username: "verreist", role: "student" });
await t.sql`update student_profiles set available_in_holidays = false where user_id = ${homebody}`;
for (const id of [traveller, homebody]) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, kind, day, s::time, e::time
      from generate_series(1, 5) day,
           (values ('school', '08:00', '13:00'), ('arrival', '14:00', '20:00')) r (kind, s, e)
  `;
}
await t.sql`delete from school_holidays`;
await t.sql`insert into school_holidays (name, start_date, end_date)
            values ('Pfingstferien', '2027-05-18', '2027-05-18'),
                   ('Testferien', '2027-05-24', '2027-05-28')`;
const inFerien = (date: string) =>
  date === "2027-05-18" || (date >= "2027-05-24" && date <= "2027-05-28");

async function planWithWorker() {
  await planWorker(t, admin, START);
  return await t.sql<{ student_id: number; date: string; clock: string }[]>`
    select student_id::int,
           (starts_at at time zone ${SCHOOL_TIME_ZONE})::date::text as date,
           to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as clock
      from appointments where status <> 'cancelled' order by starts_at
  `;
}

Deno.test(
  "the worker plans nothing on a public holiday of the configured state",
  options,
  async () => {
    const lessons = await planWithWorker();
    const holidays = publicHolidays("NW", START, END).map((h) => h.date);
    assertEquals(holidays, ["2027-05-06", "2027-05-17", "2027-05-27"]);
    assert(lessons.length > 20, `only ${lessons.length} lessons`);
    assertEquals(lessons.filter((l) => holidays.includes(l.date)), []);
    assert(lessons.every((l) => l.date >= START && l.date <= END));
  },
);

Deno.test(
  "holiday attendance 'nein': no lesson inside Ferien; 'ja': lessons there, also mornings",
  options,
  async () => {
    const lessons = await planWithWorker();
    const of = (id: number) => lessons.filter((l) => l.student_id === id);
    assert(of(homebody).length > 5, "the student who stays away still drives on school days");
    assertEquals(of(homebody).filter((l) => inFerien(l.date)), []);
    const ferienLessons = of(traveller).filter((l) => inFerien(l.date));
    assert(ferienLessons.length >= 4, `only ${ferienLessons.length} lessons in Ferien`);
    // On school days both drive only after arrival (14:00).
    assertEquals(lessons.filter((l) => !inFerien(l.date) && l.clock < "14:00"), []);
  },
);
