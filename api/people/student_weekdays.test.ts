import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

/**
 * Issue 22: students may be available on every weekday the school plans, Saturday included (the
 * instructors' Saturday hours stayed unused); Sunday only when the school plans Sundays.
 */
const t = await createTestApp("student_weekdays");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());

const newStudent = (day: string) => ({
  first_name: "Sam",
  last_name: `Stag ${day}`,
  license_class: "B",
  free_periods: [{ day, period: 1, start: "09:00", end: "12:00" }],
});

Deno.test("a student's Saturday is stored, shown in the detail and editable", async () => {
  const res = await admin.post("/api/admin/students/create-manual/", newStudent("saturday"));
  assertEquals(res.status, 201);
  const { id } = await res.json();
  const [row] = await t.sql`
    select day_of_week from availabilities where user_id = ${id} and availability_type = 'free_period'`;
  assertEquals(row.day_of_week, 6);
  const detail = await (await admin.get(`/api/admin/users/${id}/`)).json();
  const saturday = detail.school_schedule.find((d: { day_of_week: number }) => d.day_of_week === 6);
  assertEquals(saturday.free_periods, [{ period: 1, start: "09:00", end: "12:00" }]);

  const saved = await admin.put(`/api/admin/users/${id}/`, {
    school_schedule: [{ day_of_week: 6, arrival_time: "10:00", free_periods: [] }],
  });
  assertEquals(saved.status, 200);
  const [arrival] = await t.sql`
    select day_of_week, to_char(start_time, 'HH24:MI') as start from availabilities
     where user_id = ${id} and availability_type = 'arrival'`;
  assertEquals(arrival, { day_of_week: 6, start: "10:00" });
});

Deno.test("Sunday only when the school plans Sundays", async () => {
  const refused = await admin.post("/api/admin/students/create-manual/", newStudent("sunday"));
  assertEquals(refused.status, 400);
  assertEquals(
    (await refused.json()).error,
    "Freistunde: Unbekannter Wochentag „sunday“ (Montag bis Samstag).",
  );
  const planned = await admin.put("/api/admin/planned-weekdays/", {
    planned_weekdays: [1, 2, 3, 4, 5, 6, 7],
  });
  assertEquals(planned.status, 200);
  const res = await admin.post("/api/admin/students/create-manual/", newStudent("sunday"));
  assertEquals(res.status, 201);
  const detail = await (await admin.get(`/api/admin/users/${(await res.json()).id}/`)).json();
  assertEquals(detail.school_schedule.map((d: { day_of_week: number }) => d.day_of_week), [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
  ]);
});
