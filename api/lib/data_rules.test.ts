/**
 * The data rules the database keeps itself (migration 0020), and the German 4xx the API answers
 * on the paths that could break them: appointment roles, arrival before the end of the day,
 * no identical absence twice.
 */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("data_rules");
await insertUser(t.sql, { username: "chef", role: "admin" });
const ines = await insertUser(t.sql, { username: "ines", role: "instructor" });
const otto = await insertUser(t.sql, { username: "otto", role: "instructor" });
const sara = await insertUser(t.sql, { username: "sara", role: "student" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** The Postgres error code and constraint of a statement that must fail. */
async function refusal(statement: Promise<unknown>) {
  try {
    await statement;
  } catch (err) {
    const e = err as { code?: string; constraint_name?: string };
    return { code: e.code, constraint: e.constraint_name };
  }
  return { code: "stored", constraint: undefined };
}

const appointment = (student: number, instructor: number, hour: number) =>
  t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, 'manual',
            '2027-03-01T00:00:00Z'::timestamptz + make_interval(hours => ${hour}),
            '2027-03-01T01:00:00Z'::timestamptz + make_interval(hours => ${hour}))
  `;

Deno.test("an appointment's student must be a student and its instructor an instructor", async () => {
  assertEquals(await refusal(appointment(otto, ines, 1)), {
    code: "23514",
    constraint: "appointments_student_role",
  });
  assertEquals(await refusal(appointment(sara, sara, 2)), {
    code: "23514",
    constraint: "appointments_instructor_role",
  });
  await appointment(sara, ines, 3);
  assertEquals(
    await refusal(t.sql`update appointments set student_id = ${otto} where student_id = ${sara}`),
    { code: "23514", constraint: "appointments_student_role" },
  );
  // Nor can the student become an instructor afterwards, which would break the rule as well.
  assertEquals(await refusal(t.sql`update users set role = 'instructor' where id = ${sara}`), {
    code: "23514",
    constraint: "users_role_in_appointments",
  });
  await t.sql`delete from appointments`;
});

Deno.test("an arrival time at or after the end of the day (20:00) is refused", async () => {
  const arrival = (start: string) =>
    t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
          values (${sara}, 'arrival', 1, ${start}, '20:00')`;
  assertEquals(await refusal(arrival("22:00")), {
    code: "23514",
    constraint: "availabilities_end_after_start",
  });
  await arrival("14:00");
  await t.sql`delete from availabilities`;

  // The person form answers a German 400 before the database is asked.
  const res = await admin.post("/api/admin/students/create-manual/", {
    first_name: "Spät",
    last_name: "Ankunft",
    license_class: "B",
    arrival_times: [{ day: "monday", time: "22:00" }],
  });
  assertEquals(res.status, 400);
  assertEquals(
    (await res.json()).error,
    "Ankunftszeit Montag: 22:00 liegt nicht vor dem Ende der Fahrzeit um 20:00.",
  );
  const [{ n }] = await t.sql`select count(*)::int as n from users where last_name = 'Ankunft'`;
  assertEquals(n, 0);
});

Deno.test("the same vacation or sick note twice is refused by the database", async () => {
  const vacation = (kind: string, description: string) =>
    t.sql`insert into vacation_periods (user_id, start_date, end_date, kind, description)
          values (${ines}, '2027-04-01', '2027-04-03', ${kind}, ${description})`;
  await vacation("vacation", "Ostern");
  assertEquals(await refusal(vacation("vacation", "Ostern, nochmal")), {
    code: "23505",
    constraint: "vacation_periods_unique",
  });
  // A sick note on the same days is another kind of absence.
  await vacation("sick", "");
  await t.sql`delete from vacation_periods`;

  // The sick-note call answers the second identical note with a German 409, not a 500.
  const note = { from: "2027-05-10", to: "2027-05-11", note: "Grippe" };
  const first = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, note);
  assertEquals(first.status, 201);
  const second = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, note);
  assertEquals(second.status, 409);
  assertEquals(
    (await second.json()).error,
    "Diese Abwesenheit ist für diese Person bereits eingetragen.",
  );
  const [{ n }] = await t.sql`select count(*)::int as n from vacation_periods where kind = 'sick'`;
  assertEquals(n, 1);
  await t.sql`delete from vacation_periods`;
});

Deno.test("the same special date twice is refused; a whole day and part of it are two", async () => {
  const day = (start: string | null, end: string | null) =>
    t.sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time)
          values (${sara}, '2027-04-05', ${start === null}, ${start}, ${end})`;
  await day(null, null);
  assertEquals(await refusal(day(null, null)), {
    code: "23505",
    constraint: "special_dates_unique",
  });
  await day("08:00", "10:00");
  assertEquals(await refusal(day("08:00", "10:00")), {
    code: "23505",
    constraint: "special_dates_unique",
  });
  await day("10:00", "12:00");
  await t.sql`delete from special_dates`;
});

Deno.test("the save paths still work: self-service, person form and its repeated lines", async () => {
  const student = t.client();
  await student.login("sara");
  const twice = await student.post("/api/my-special-dates/", {
    special_dates: [
      { date: "2027-06-01", is_unavailable: true, description: "Urlaub" },
      { date: "2027-06-01", is_unavailable: true, description: "noch einmal" },
    ],
  });
  assertEquals(twice.status, 400);
  assert(JSON.stringify(await twice.json()).includes("Eine Abwesenheit ist doppelt angegeben."));
  const once = await student.post("/api/my-special-dates/", {
    special_dates: [
      { date: "2027-06-01", is_unavailable: true, description: "Urlaub" },
      { date: "2027-06-02", is_unavailable: false, start_time: "08:00", end_time: "10:00" },
    ],
  });
  assertEquals(once.status, 200);
  // Saving the same set again replaces it (delete and insert in one transaction).
  const again = await student.post("/api/my-special-dates/", {
    special_dates: [{ date: "2027-06-01", is_unavailable: true, description: "Urlaub" }],
  }, { "If-Match": once.headers.get("ETag") ?? "" });
  assertEquals(again.status, 200);

  // The person form (and the import, which builds the same payload) keeps a repeated line once.
  const res = await admin.post("/api/admin/students/create-manual/", {
    first_name: "Doppel",
    last_name: "Urlaub",
    license_class: "B",
    arrival_times: [{ day: "monday", time: "14:00" }],
    vacation_periods: [
      { start: "2027-07-01", end: "2027-07-10" },
      { start: "2027-07-01", end: "2027-07-10" },
    ],
  });
  assertEquals(res.status, 201);
  const { id } = await res.json();
  const rows = await t.sql`select start_date, end_date from vacation_periods where user_id = ${id}`;
  assertEquals([...rows], [{ start_date: "2027-07-01", end_date: "2027-07-10" }]);
});
