import { assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { scheduleSchema } from "../../common/contract/schedule.ts";
import { insertAppointment, type TestAppointment } from "../testing/insert_appointment.ts";

const t = await createTestApp("schedule_routes");
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
await t.sql`update instructor_profiles set transmission_types = '{automatic,manual}'
            where user_id = ${bernd}`;
// An instructor who left: shown only where lessons of theirs fall into the range.
const olaf = await insertUser(t.sql, {
  username: "olaf",
  role: "instructor",
  first_name: "Olaf",
  last_name: "Alt",
});
await t.sql`update users set is_active = false where id = ${olaf}`;
const anna = await insertUser(t.sql, {
  username: "anna",
  role: "student",
  first_name: "Anna",
  last_name: "Müller",
});
const paul = await insertUser(t.sql, {
  username: "paul",
  role: "student",
  first_name: "Paul",
  last_name: "Becker",
});
const [car] = await t.sql`
  insert into vehicles (name, transmission) values ('DO-FS 101', 'manual') returning id`;

/** Inserts one appointment at a Berlin wall-clock time; returns its id. */
const addAppointment = (a: TestAppointment) => insertAppointment(t.sql, a);

// The week of Monday 2026-11-23 and its edges: Sunday before, Monday after.
const sundayBefore = await addAppointment({
  student: anna,
  instructor: ingrid,
  day: "2026-11-22",
  start: "23:30",
  minutes: 20,
});
const mondayEarly = await addAppointment({
  student: anna,
  instructor: ingrid,
  vehicle: car.id,
  day: "2026-11-23",
  start: "00:15",
});
const mondayBernd = await addAppointment({
  student: paul,
  instructor: bernd,
  vehicle: car.id,
  day: "2026-11-23",
  start: "14:00",
  minutes: 90,
  status: "pending",
});
const cancelled = await addAppointment({
  student: paul,
  instructor: ingrid,
  day: "2026-11-25",
  start: "09:00",
  status: "cancelled",
});
const sundayLate = await addAppointment({
  student: anna,
  instructor: bernd,
  day: "2026-11-29",
  start: "23:00",
  type: "night",
});
const nextMonday = await addAppointment({
  student: anna,
  instructor: ingrid,
  day: "2026-11-30",
  start: "08:00",
});
// Summer time: the old instructor's lesson in March.
const olafLesson = await addAppointment({
  student: paul,
  instructor: olaf,
  day: "2027-03-29",
  start: "14:00",
});

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

async function schedule(client: TestClient, query: string) {
  const res = await client.get(`/api/admin/schedule/?${query}`);
  assertEquals(res.status, 200, await res.clone().text());
  const body = await res.json();
  assertContract(scheduleSchema, body);
  return body;
}

const ids = (body: { appointments: { id: number }[] }) => body.appointments.map((a) => a.id);

Deno.test("a week answers the active instructors and that week's lessons, cancelled included", async () => {
  const body = await schedule(admin, "from=2026-11-23&to=2026-11-29");
  assertEquals([body.from, body.to], ["2026-11-23", "2026-11-29"]);
  // Sorted by last name; Olaf has left and has no lesson this week.
  assertEquals(body.instructors, [
    { id: ingrid, name: "Ingrid Lehrer", transmission_types: ["manual"] },
    { id: bernd, name: "Bernd Zander", transmission_types: ["automatic", "manual"] },
  ]);
  // Berlin days, both ends inclusive, oldest first: 00:15 Monday in, 23:30 Sunday before out.
  assertEquals(ids(body), [mondayEarly, mondayBernd, cancelled, sundayLate]);
  const bernds = body.appointments[1];
  assertEquals(
    [
      bernds.start_time,
      bernds.end_time,
      bernds.date,
      bernds.time,
      bernds.end_clock,
      bernds.student_name,
      bernds.instructor_id,
      bernds.vehicle,
      bernds.type_display,
      bernds.status,
    ],
    [
      "2026-11-23T14:00:00+01:00",
      "2026-11-23T15:30:00+01:00",
      "2026-11-23",
      "14:00",
      "15:30",
      "Paul Becker",
      bernd,
      "DO-FS 101",
      "Fahrstunde",
      "pending",
    ],
  );
  assertEquals(body.appointments[2].status, "cancelled");
  // Every kind of appointment has its German name.
  assertEquals(
    [body.appointments[3].appointment_type, body.appointments[3].type_display],
    ["night", "Nachtfahrt"],
  );
  assertEquals(body.appointments[2].vehicle, null);
  // One day.
  assertEquals(ids(await schedule(admin, "from=2026-11-22&to=2026-11-22")), [sundayBefore]);
  assertEquals(ids(await schedule(admin, "from=2026-11-30&to=2026-11-30")), [nextMonday]);
});

Deno.test("an instructor who left appears only with lessons in the range", async () => {
  const body = await schedule(admin, "from=2027-03-29&to=2027-03-29");
  assertEquals(body.instructors.map((i: { id: number }) => i.id), [olaf, ingrid, bernd]);
  assertEquals(body.appointments[0].id, olafLesson);
  assertEquals(body.appointments[0].start_time, "2027-03-29T14:00:00+02:00");
});

Deno.test("instructor_id narrows instructors and lessons to one instructor", async () => {
  const body = await schedule(admin, `from=2026-11-23&to=2026-11-29&instructor_id=${bernd}`);
  assertEquals(body.instructors.map((i: { id: number }) => i.id), [bernd]);
  assertEquals(ids(body), [mondayBernd, sundayLate]);
  const lone = await schedule(admin, `from=2026-11-23&to=2026-11-29&instructor_id=${olaf}`);
  assertEquals([lone.instructors.length, lone.appointments], [1, []]);

  for (const id of [anna, 999999]) {
    const res = await admin.get(
      `/api/admin/schedule/?from=2026-11-23&to=2026-11-29&instructor_id=${id}`,
    );
    const error = await res.json();
    assertEquals([res.status, error.error, error.code], [
      404,
      "Fahrlehrer wurde nicht gefunden.",
      "not_found",
    ]);
  }
});

Deno.test("bad ranges answer 400 with German messages", async () => {
  const cases: [string, string][] = [
    ["", "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["from=2026-11-23", "Bis: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["from=2026-02-30&to=2026-03-01", "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["from=23.11.2026&to=2026-11-29", "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["from=2026-11-29&to=2026-11-23", "Das Von-Datum darf nicht nach dem Bis-Datum liegen."],
    ["from=2026-11-01&to=2026-12-02", "Der Zeitraum darf höchstens 31 Tage umfassen."],
    [
      "from=2026-11-01&to=2026-12-01&instructor_id=abc",
      "Fahrlehrer: Bitte eine gültige Nummer angeben.",
    ],
    [
      "from=2026-11-01&to=2026-12-01&instructor_id=0",
      "Fahrlehrer: Bitte eine gültige Nummer angeben.",
    ],
  ];
  for (const [query, message] of cases) {
    const res = await admin.get(`/api/admin/schedule/?${query}`);
    const body = await res.json();
    assertEquals([res.status, body.error, body.code], [400, message, "validation_failed"], query);
  }
  // 31 days exactly is allowed.
  await schedule(admin, "from=2026-11-01&to=2026-12-01");
});

Deno.test("students and instructors get 403, anonymous callers 401", async () => {
  const path = "/api/admin/schedule/?from=2026-11-23&to=2026-11-29";
  const student = t.client();
  await student.login("anna");
  const instructor = t.client();
  await instructor.login("ingrid");
  assertEquals((await student.get(path)).status, 403);
  assertEquals((await instructor.get(path)).status, 403);
  assertEquals((await t.client().get(path)).status, 401);
});
