import { assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { scheduleAvailabilitySchema } from "../../common/contract/schedule.ts";

// Issue 25.7: the overview's day shows each instructor's working hours, absences and blocks.
const t = await createTestApp("schedule_availability");
await insertUser(t.sql, { username: "chefin", role: "admin" });
const ingrid = await insertUser(t.sql, {
  username: "ingrid",
  role: "instructor",
  first_name: "Ingrid",
  last_name: "Lehrer",
});
const bernd = await insertUser(t.sql, {
  username: "bernd",
  role: "instructor",
  first_name: "Bernd",
  last_name: "Zander",
});
// Carla has no working hours entered at all (a school that never entered any).
const carla = await insertUser(t.sql, {
  username: "carla",
  role: "instructor",
  first_name: "Carla",
  last_name: "Neu",
});
await insertUser(t.sql, { username: "anna", role: "student" });

// Monday 2026-11-23 to Wednesday 2026-11-25; Ingrid works 08:00-12:00 and 13:00-17:00 on
// Mondays and Tuesdays with a break 12:15-12:45 every day, Wednesdays from 10:00 to 18:00.
const rows: [number, string, number | null, string, string][] = [
  [ingrid, "work", 1, "08:00", "12:00"],
  [ingrid, "work", 1, "13:00", "17:00"],
  [ingrid, "work", 2, "08:00", "16:00"],
  [ingrid, "work", 3, "10:00", "18:00"],
  [ingrid, "break", null, "12:15", "12:45"],
  [bernd, "work", 1, "09:00", "17:00"],
  [bernd, "work", 2, "09:00", "17:00"],
  [bernd, "work", 3, "09:00", "17:00"],
];
for (const [user, kind, day, start, end] of rows) {
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                          end_time)
              values (${user}, ${kind}, ${day}, ${start}, ${end})`;
}
// Bernd: a recurring block on Mondays until the end of November, a theory lesson on Monday,
// on vacation Tuesday, sick Wednesday; Ingrid at the doctor's on Wednesday 10:00-11:30.
await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                        end_time, valid_until)
            values (${bernd}, 'unavailable', 1, '16:00', '17:00', '2026-11-30')`;
await t.sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
            values (${bernd}, '2026-11-23', '10:00', '11:30')`;
await t.sql`insert into vacation_periods (user_id, start_date, end_date, description, kind)
            values (${bernd}, '2026-11-24', '2026-11-24', 'Mallorca', 'vacation'),
                   (${bernd}, '2026-11-25', '2026-11-25', '', 'sick')`;
await t.sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time,
                                       description)
            values (${ingrid}, '2026-11-25', false, '10:00', '11:30', 'Arzt')`;
// The school is closed on Wednesday from 16:00 on.
await t.sql`insert into school_closing_days (name, start_date, end_date, from_time)
            values ('Betriebsfeier', '2026-11-25', '2026-11-25', '16:00')`;

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

const path = "/api/admin/schedule/availability/?from=2026-11-23&to=2026-11-25";

Deno.test("each instructor's day: working hours, absences and blocks as the planner reads them", async () => {
  const res = await admin.get(path);
  assertEquals(res.status, 200, await res.clone().text());
  const body = await res.json();
  assertContract(scheduleAvailabilitySchema, body);
  const day = (id: number, date: string) =>
    body.days.find((d: { instructor_id: number; date: string }) =>
      d.instructor_id === id && d.date === date
    );
  assertEquals(day(ingrid, "2026-11-23"), {
    instructor_id: ingrid,
    date: "2026-11-23",
    work: [{ start: "08:00", end: "12:00" }, { start: "13:00", end: "17:00" }],
    work_entered: true,
    absences: [],
    blocks: [{ kind: "break", label: "Pause", start: "12:15", end: "12:45" }],
  });
  assertEquals(day(ingrid, "2026-11-25").absences, [
    { kind: "absent", label: "Abwesend", description: "Arzt", start: "10:00", end: "11:30" },
  ]);
  assertEquals(day(bernd, "2026-11-23").blocks, [
    { kind: "theory", label: "Theorieunterricht", start: "10:00", end: "11:30" },
    { kind: "recurring", label: "Nicht verfügbar", start: "16:00", end: "17:00" },
  ]);
  assertEquals(day(bernd, "2026-11-24").absences, [
    { kind: "vacation", label: "Urlaub", description: "Mallorca", start: null, end: null },
  ]);
  assertEquals(day(bernd, "2026-11-25").absences, [
    { kind: "sick", label: "Krankgemeldet", description: "", start: null, end: null },
  ]);
  assertEquals(day(bernd, "2026-11-25").work, [{ start: "09:00", end: "17:00" }]);
  assertEquals(body.days.length, 9);
  assertEquals(body.closed_days, [
    { date: "2026-11-25", name: "Betriebsfeier", kind: "closing", from: "16:00" },
  ]);
});

Deno.test("an instructor without any working hours entered is told apart from a day off", async () => {
  const body = await (await admin.get(path)).json();
  const entered = (id: number) =>
    body.days.filter((d: { instructor_id: number }) => d.instructor_id === id)
      .map((d: { work: unknown[]; work_entered: boolean }) => [d.work.length, d.work_entered]);
  assertEquals(entered(carla), [[0, false], [0, false], [0, false]]);
  // Bernd works Monday to Wednesday: a Thursday off would still be 'entered'.
  assertEquals(entered(bernd), [[1, true], [1, true], [1, true]]);
  const thursday = await (await admin.get(
    `/api/admin/schedule/availability/?from=2026-11-26&to=2026-11-26&instructor_id=${bernd}`,
  )).json();
  assertEquals(thursday.days[0].work, []);
  assertEquals(thursday.days[0].work_entered, true);
});

Deno.test("instructor_id narrows the days to one instructor; a bad range answers 400", async () => {
  const res = await admin.get(`${path}&instructor_id=${bernd}`);
  const body = await res.json();
  assertEquals(
    body.days.map((d: { instructor_id: number }) => d.instructor_id),
    [bernd, bernd, bernd],
  );
  const bad = await admin.get("/api/admin/schedule/availability/?from=2026-11-29&to=2026-11-23");
  assertEquals([bad.status, (await bad.json()).error], [
    400,
    "Das Von-Datum darf nicht nach dem Bis-Datum liegen.",
  ]);
});

Deno.test("students and instructors get 403, anonymous callers 401", async () => {
  const student = t.client();
  await student.login("anna");
  const instructor = t.client();
  await instructor.login("ingrid");
  assertEquals((await student.get(path)).status, 403);
  assertEquals((await instructor.get(path)).status, 403);
  assertEquals((await t.client().get(path)).status, 401);
});
