/**
 * An inactive person is not planned (issue 23), with the real worker process (solver/main.ts) on
 * real Postgres. First a run with everyone active shows that this school's planner does give
 * lessons to the instructor and the student in question (so the second run's "none" means
 * something); the office then sets both inactive, their lessons of that run are listed as
 * affected, and the next run plans the others and neither of them.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { planWithWorker } from "./plan_with_worker.ts";

// A Monday with no public holiday in the 30 days after it.
const START = "2027-06-07";
const t = await createTestApp("inactive_not_planned");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };

await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

// Two instructors who each work only on two weekdays: neither can carry the school alone, so with
// both active the planner needs both.
const anna = await insertUser(t.sql, { username: "anna", role: "instructor" });
const bernd = await insertUser(t.sql, { username: "bernd", role: "instructor" });
for (const [instructor, days] of [[anna, [1, 2]], [bernd, [3, 4]]] as const) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${instructor}, 'work', day, '08:00', '18:00' from unnest(${days}::int[]) day`;
}
await t.sql`insert into vehicles (name, transmission) values ('DO-FS 1', 'manual'),
                                                             ('DO-FS 2', 'manual')`;
const students = [];
for (const username of ["sara", "tim", "uwe"]) {
  const id = await insertUser(t.sql, { username, role: "student" });
  await t.sql`update student_profiles set required_manual_hours = 12 where user_id = ${id}`;
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, 'available', day, '08:00', '18:00' from generate_series(1, 5) day`;
  students.push(id);
}
const [sara, tim, uwe] = students;

/** Lessons not cancelled per person (student or instructor) after a run. */
async function lessonsPerPerson(): Promise<Map<number, number>> {
  const rows = await t.sql<{ id: number; n: number }[]>`
    select u.id::int, count(a.id)::int as n
      from users u join appointments a on u.id in (a.student_id, a.instructor_id)
     where a.status <> 'cancelled'
     group by u.id`;
  return new Map(rows.map((r) => [r.id, r.n]));
}

Deno.test(
  "a planner run gives no lesson to an inactive instructor or student, and plans the others",
  options,
  async () => {
    await planWithWorker(t, admin, START);
    const before = await lessonsPerPerson();
    for (const [name, id] of Object.entries({ anna, bernd, sara, tim, uwe })) {
      assert((before.get(id) ?? 0) > 0, `with everyone active, ${name} is planned`);
    }

    // The office sets Bernd and Uwe inactive: their lessons of the draft are affected.
    for (const id of [bernd, uwe]) {
      assertEquals((await admin.post(`/api/admin/users/${id}/deactivate/`)).status, 200);
    }
    const [{ theirs }] = await t.sql`
      select count(*)::int as theirs from appointments
       where status <> 'cancelled' and (instructor_id = ${bernd} or student_id = ${uwe})`;
    const affected = await (await admin.get("/api/admin/affected-appointments/")).json();
    assertEquals(affected.count, theirs);

    await planWithWorker(t, admin, START);
    const after = await lessonsPerPerson();
    assertEquals(after.get(bernd) ?? 0, 0, "the inactive instructor gets no lesson");
    assertEquals(after.get(uwe) ?? 0, 0, "the inactive student gets no lesson");
    for (const [name, id] of Object.entries({ anna, sara, tim })) {
      assert((after.get(id) ?? 0) > 0, `${name} is still planned`);
    }
  },
);
