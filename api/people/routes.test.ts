import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("people_routes");
const chef = await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lehrer", role: "instructor" });
await insertUser(t.sql, { username: "schueler", role: "student" });

/**
 * Anna (instructor) and Maria (student) with their plans, made afresh for every test: tests save
 * and delete them, and each must start from the same two people whatever ran before.
 */
async function seed() {
  await t.sql`delete from users where username in ('anna.schmidt', 'maria')`;
  const anna = await insertUser(t.sql, {
    username: "anna.schmidt",
    role: "instructor",
    first_name: "Anna",
    last_name: "Schmidt",
  });
  const maria = await insertUser(t.sql, {
    username: "maria",
    role: "student",
    first_name: "Maria",
    last_name: "Muster",
    email: "maria@example.de",
  });
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${anna}, 'work', 1, '07:00', '12:00'), (${anna}, 'available', 2, '08:00', '09:00'),
           (${maria}, 'school', 1, '08:00', '13:00'), (${maria}, 'available', 3, '15:00', '16:00')
  `;
  await t.sql`insert into vacation_periods (user_id, start_date, end_date)
              values (${anna}, '2026-01-01', '2026-01-02')`;
  return { anna, maria };
}

const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

const instructorSave = {
  first_name: "Anna-Lena",
  last_name: "Schmidt",
  email: "anna@fahrschule.de",
  phone: "0231 9",
  transmission_types: ["automatic"],
  monthly_hours_target: 60,
  work_schedule: [
    { day: "monday", start: "08:00", end: "16:00" },
    { day: "friday", start: "09:00", end: "13:00" },
  ],
  breaks: [{ start: "12:00", end: "12:45" }],
  vacation_periods: [{ start: "2026-08-03", end: "2026-08-21" }],
  theory_sessions: [{ date: "2026-05-05", start_time: "18:00", end_time: "19:30" }],
  unavailable_blocks: [{
    day_of_week: 2,
    start_time: "10:00",
    end_time: "11:00",
    valid_from: null,
    valid_until: "2026-12-31",
    description: "Teamsitzung",
  }],
  role: "admin",
  is_staff: true,
  id: chef,
  username: "hacker",
  password: "neu",
};

Deno.test("saving an instructor replaces the rows and answers the updated detail", async () => {
  const { anna } = await seed();
  const res = await admin.put(`/api/admin/users/${anna}/`, instructorSave);
  assertEquals(res.status, 200);
  const detail = await res.json();
  assertEquals(detail.id, anna);
  assertEquals(detail.full_name, "Anna-Lena Schmidt");
  assertEquals(detail.profile, {
    transmission_types: ["automatic"],
    monthly_hours_target: 60,
    default_vehicle_id: null,
  });
  assertEquals(detail.work_schedule, [
    { day: "monday", start: "08:00", end: "16:00" },
    { day: "friday", start: "09:00", end: "13:00" },
  ]);
  assertEquals(detail.breaks, [{ start: "12:00", end: "12:45" }]);
  assertEquals(detail.vacation_periods, [{ start: "2026-08-03", end: "2026-08-21" }]);
  assertEquals(detail.theory_sessions.length, 1);
  assertEquals(detail.unavailable_blocks[0].description, "Teamsitzung");
  const [available] = await t.sql`select count(*)::int as n from availabilities
    where user_id = ${anna} and availability_type = 'available'`;
  assertEquals(available.n, 1, "the self-service grid is not the admin's to replace");
});

Deno.test("role, is_staff, id, username and password in a save are ignored", async () => {
  const { anna } = await seed();
  assertEquals((await admin.put(`/api/admin/users/${anna}/`, instructorSave)).status, 200);
  const [user] = await t.sql`select username, role, password_hash from users where id = ${anna}`;
  assertEquals([user.username, user.role], ["anna.schmidt", "instructor"]);
  const [other] = await t.sql`select first_name from users where id = ${chef}`;
  assertEquals(other.first_name, "", "the id in the body did not redirect the save");
  const client = t.client();
  await client.login("anna.schmidt"); // the old password still works
});

Deno.test("a save that leaves lists out keeps them", async () => {
  const { anna } = await seed();
  assertEquals((await admin.put(`/api/admin/users/${anna}/`, instructorSave)).status, 200);
  const res = await admin.put(`/api/admin/users/${anna}/`, { phone: "0231 10" });
  const detail = await res.json();
  assertEquals(detail.phone, "0231 10");
  assertEquals(detail.first_name, "Anna-Lena");
  assertEquals(detail.work_schedule.length, 2);
  assertEquals(detail.profile.monthly_hours_target, 60);
});

Deno.test("work_days replaces only the named days, several windows each; overlaps are refused", async () => {
  const { anna } = await seed();
  await t
    .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
              values (${anna}, 'work', 2, '08:00', '16:00'), (${anna}, 'work', 6, '09:00', '13:00')`;
  const work = async () =>
    (await t.sql`select day_of_week || ' ' || to_char(start_time, 'HH24:MI') || '-' ||
                        to_char(end_time, 'HH24:MI') as w
                   from availabilities where user_id = ${anna} and availability_type = 'work'
                  order by day_of_week, start_time`).map((r) => r.w);
  // Monday gets two windows, Saturday is cleared; Tuesday is not named and stays.
  const res = await admin.put(`/api/admin/users/${anna}/`, {
    work_days: ["monday", "saturday"],
    work_schedule: [
      { day: "monday", start: "08:00", end: "12:00" },
      { day: "monday", start: "14:00", end: "18:00" },
    ],
  });
  assertEquals(res.status, 200);
  assertEquals(await work(), ["1 08:00-12:00", "1 14:00-18:00", "2 08:00-16:00"]);
  const overlap = await admin.put(`/api/admin/users/${anna}/`, {
    work_days: ["monday"],
    work_schedule: [
      { day: "monday", start: "08:00", end: "12:00" },
      { day: "monday", start: "11:00", end: "18:00" },
    ],
  });
  assertEquals([overlap.status, (await overlap.json()).error], [
    400,
    "Arbeitszeit Montag: Die Zeitfenster 08:00–12:00 und 11:00–18:00 überschneiden sich.",
  ]);
  const unnamed = await admin.put(`/api/admin/users/${anna}/`, {
    work_days: ["monday"],
    work_schedule: [{ day: "friday", start: "08:00", end: "12:00" }],
  });
  assertEquals(unnamed.status, 400);
  assertEquals(await work(), ["1 08:00-12:00", "1 14:00-18:00", "2 08:00-16:00"]);
});

Deno.test("Sunday working times are taken when, and only when, the school plans Sundays", async () => {
  const { anna } = await seed();
  const sunday = {
    work_days: ["sunday"],
    work_schedule: [{ day: "sunday", start: "10:00", end: "14:00" }],
  };
  const refused = await admin.put(`/api/admin/users/${anna}/`, sunday);
  assertEquals([refused.status, (await refused.json()).error], [
    400,
    "Arbeitszeit: Unbekannter Arbeitstag „sunday“.",
  ]);
  await t.sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6,7}'`;
  try {
    assertEquals((await admin.put(`/api/admin/users/${anna}/`, sunday)).status, 200);
    const rows = await t.sql`select day_of_week from availabilities
                              where user_id = ${anna} and availability_type = 'work'
                                and day_of_week = 7`;
    assertEquals(rows.length, 1);
  } finally {
    await t.sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6}'`;
  }
});

Deno.test("a refused save changes nothing", async () => {
  const { anna } = await seed();
  assertEquals((await admin.put(`/api/admin/users/${anna}/`, instructorSave)).status, 200);
  const cases: [Record<string, unknown>, number, string][] = [
    [{ first_name: "" }, 400, "Vorname ist erforderlich."],
    [{ transmission_types: [] }, 400, "Bitte wählen Sie mindestens einen Getriebe-Typ aus."],
    [
      { work_schedule: [{ day: "monday", start: "10:00", end: "09:00" }] },
      400,
      "Arbeitszeit Montag: Die Endzeit muss nach der Startzeit liegen.",
    ],
    [{ email: "MARIA@example.de" }, 409, "Diese E-Mail-Adresse wird bereits verwendet."],
  ];
  for (const [change, status, message] of cases) {
    const res = await admin.put(`/api/admin/users/${anna}/`, { ...instructorSave, ...change });
    assertEquals([res.status, (await res.json()).error], [status, message]);
  }
  const [user] = await t.sql`select phone, email from users where id = ${anna}`;
  assertEquals([user.phone, user.email], ["0231 9", "anna@fahrschule.de"]);
});

Deno.test("saving a student replaces plan and vacations; a new class sets its hours", async () => {
  const { maria } = await seed();
  const res = await admin.put(`/api/admin/users/${maria}/`, {
    first_name: "Maria",
    last_name: "Muster",
    email: "maria@example.de",
    phone: "0170",
    school_name: "Helmholtz-Gymnasium",
    start_location: "Barop",
    license_class: "B197",
    notes: "",
    available_in_holidays: "nein",
    school_schedule: [
      {
        day_of_week: 2,
        school_start: "08:00",
        school_end: "13:00",
        arrival_time: "14:30",
        free_periods: [{ start: "09:45", end: "10:30" }, { start: "11:00", end: "" }],
      },
    ],
    vacation_periods: [{ start: "2026-10-12", end: "2026-10-24" }],
    role: "admin",
  });
  assertEquals(res.status, 200);
  const detail = await res.json();
  assertEquals(detail.profile.license_class, "B197");
  assertEquals(
    [detail.profile.required_automatic_hours, detail.profile.required_manual_hours],
    [14, 6],
  );
  assertEquals(detail.profile.metadata, {
    phone: "0170",
    school_name: "Helmholtz-Gymnasium",
    start_location: "Barop",
    notes: "",
    available_in_holidays: "nein",
  });
  assertEquals(detail.school_schedule[0].school_start, null, "Monday's school row was replaced");
  assertEquals(detail.school_schedule[1], {
    day_of_week: 2,
    school_start: "08:00",
    school_end: "13:00",
    arrival_time: "14:30",
    free_periods: [{ period: 1, start: "09:45", end: "10:30" }],
  });
  assertEquals(detail.vacation_periods, [{ start: "2026-10-12", end: "2026-10-24" }]);
  const [user] = await t.sql`select role, availability_version from users where id = ${maria}`;
  assertEquals(user.role, "student");
  assert(user.availability_version > 0, "the self-service ETag changes");
  const [grid] = await t.sql`select count(*)::int as n from availabilities
    where user_id = ${maria} and availability_type = 'available'`;
  assertEquals(grid.n, 1);
});

Deno.test("student save validation: free periods per day and start location", async () => {
  const { maria } = await seed();
  const plan = async () =>
    (await t.sql`select availability_type, day_of_week, start_time::text, end_time::text
                   from availabilities where user_id = ${maria} order by id`).map((r) => ({
      ...r,
    }));
  const before = await plan();
  const four = [1, 2, 3, 4].map((h) => ({ start: `1${h}:00`, end: `1${h}:30` }));
  const res = await admin.put(`/api/admin/users/${maria}/`, {
    school_schedule: [{ day_of_week: 4, free_periods: four }],
  });
  assertEquals((await res.json()).error, "Höchstens 3 Freistunden pro Tag (Donnerstag).");
  const loc = await admin.put(`/api/admin/users/${maria}/`, { start_location: "Mond" });
  assertEquals(
    (await loc.json()).error,
    "Bitte wählen Sie einen gültigen Startort (Kley, Lüdo Bus Bhf., Barop oder Eichlinghofen).",
  );
  const twice = await admin.put(`/api/admin/users/${maria}/`, {
    school_schedule: [{ day_of_week: 1, arrival_time: "14:00" }, {
      day_of_week: 1,
      arrival_time: "15:00",
    }],
  });
  assertEquals((await twice.json()).error, "Wochenplan: Montag ist doppelt angegeben.");
  const notJson = await admin.request("PUT", `/api/admin/users/${maria}/`, undefined, {
    "Content-Type": "application/json",
  });
  assertEquals(
    [notJson.status, (await notJson.json()).error],
    [400, "Die Anfrage enthält kein gültiges JSON."],
  );
  assertEquals(await plan(), before, "refused saves left the plan as it was");
});

Deno.test("saving or deleting an unknown user answers 404; an administrator is refused", async () => {
  for (
    const res of [
      await admin.put("/api/admin/users/999999/", { first_name: "X" }),
      await admin.delete("/api/admin/users/999999/delete/"),
    ]
  ) {
    assertEquals([res.status, (await res.json()).error], [404, "Benutzer wurde nicht gefunden."]);
  }
  const put = await admin.put(`/api/admin/users/${chef}/`, { first_name: "X" });
  assertEquals([put.status, (await put.json()).error], [
    403,
    "Administratorkonten können hier nicht bearbeitet werden.",
  ]);
  const del = await admin.delete(`/api/admin/users/${chef}/delete/`);
  assertEquals([del.status, (await del.json()).error], [
    403,
    "Administratorkonten können hier nicht gelöscht werden.",
  ]);
  const [still] = await t.sql`select count(*)::int as n from users where id = ${chef}`;
  assertEquals(still.n, 1);
});

Deno.test("instructors and students get 403 on every /api/admin/users call", async () => {
  const { maria } = await seed();
  for (const username of ["lehrer", "schueler"]) {
    const client = t.client();
    await client.login(username);
    const calls = [
      await client.get("/api/admin/users/?role=student"),
      await client.get(`/api/admin/users/${maria}/`),
      await client.put(`/api/admin/users/${maria}/`, { first_name: "Gehackt" }),
      await client.delete(`/api/admin/users/${maria}/delete/`),
      await client.post("/api/admin/instructors/create-manual/", instructorSave),
      await client.post("/api/admin/students/create-manual/", { first_name: "X" }),
    ];
    assertEquals(calls.map((r) => r.status), [403, 403, 403, 403, 403, 403], username);
  }
  const [user] = await t.sql`select first_name from users where id = ${maria}`;
  assertEquals(user.first_name, "Maria");
  const visitor = await t.client().get("/api/admin/users/");
  assertEquals(visitor.status, 401);
});

Deno.test("deleting answers the role's German message and removes the person", async () => {
  const { anna, maria } = await seed();
  const student = await admin.delete(`/api/admin/users/${maria}/delete/`);
  assertEquals(await student.json(), { message: "Fahrschüler erfolgreich gelöscht" });
  const teacher = await admin.delete(`/api/admin/users/${anna}/delete/`);
  assertEquals(await teacher.json(), { message: "Fahrlehrer erfolgreich gelöscht" });
  const left = await t.sql`select id from users where id in (${maria}, ${anna})`;
  assertEquals(left.length, 0);
  const rows = await t.sql`select 1 from availabilities where user_id in (${maria}, ${anna})`;
  assertEquals(rows.length, 0);
});

Deno.test("saving a vacation over lessons says how many it hits (issue 25)", async () => {
  const { anna, maria } = await seed();
  await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
    values (${maria}, ${anna}, 'manual', '2027-03-10 10:00+01', '2027-03-10 11:00+01', 'confirmed'),
           (${maria}, ${anna}, 'manual', '2027-03-11 10:00+01', '2027-03-11 11:00+01', 'confirmed'),
           (${maria}, ${anna}, 'manual', '2027-03-20 10:00+01', '2027-03-20 11:00+01', 'confirmed')
  `;
  const detail = await (await admin.get(`/api/admin/users/${maria}/`)).json();
  const save = (vacations: { start: string; end: string }[]) =>
    admin.put(`/api/admin/users/${maria}/`, {
      first_name: "Maria",
      last_name: "Muster",
      email: "maria@example.de",
      license_class: detail.profile.license_class,
      school_schedule: [],
      vacation_periods: vacations,
    });
  const hit = await save([{ start: "2027-03-09", end: "2027-03-12" }]);
  assertEquals(hit.status, 200);
  assertEquals((await hit.json()).vacation_affected, 2);
  const none = await save([]);
  assertEquals((await none.json()).vacation_affected, 0);
});
