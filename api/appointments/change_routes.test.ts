import { z } from "zod";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { addDays, isoWeekday, SCHOOL_TIME_ZONE, schoolDay } from "../../common/time.ts";
import { publicHolidays } from "../../common/school_calendar/public_holidays.ts";
import { germanDate } from "../../common/german_words.ts";
import {
  appointmentChoicesSchema,
  appointmentDetailSchema,
} from "../../common/contract/appointment_detail.ts";
import { myAppointmentSchema } from "../../common/contract/my_appointment.ts";
import { insertAppointment, type TestAppointment } from "../testing/insert_appointment.ts";

const t = await createTestApp("appointment_changes");
const adminId = await insertUser(t.sql, {
  username: "chefin",
  role: "admin",
  first_name: "Clara",
  last_name: "Chefin",
});
const joerg = await insertUser(t.sql, {
  username: "joerg",
  role: "instructor",
  first_name: "Jörg",
  last_name: "Barsmann",
});
const ingrid = await insertUser(t.sql, {
  username: "ingrid",
  role: "instructor",
  first_name: "Ingrid",
  last_name: "Auto",
});
await t.sql`update instructor_profiles set transmission_types = '{automatic,manual}'
             where user_id = ${ingrid}`;
const lena = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  last_name: "Offline",
});
const paul = await insertUser(t.sql, {
  username: "paul",
  role: "student",
  first_name: "Paul",
  last_name: "Becker",
});
const [manualCar, autoCar, oldCar] = await t.sql<{ id: number }[]>`
  insert into vehicles (name, transmission, is_active)
  values ('DO-FS 101', 'manual', true), ('DO-AU 202', 'automatic', true),
         ('DO-XX 9', 'manual', false)
  returning id::int
`;
// Instructors work every day 08:00-18:00 with a break 12:00-12:30; students drive 08:00-20:00.
for (const id of [joerg, ingrid]) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, 'work', d, '08:00', '18:00' from generate_series(1, 7) d
  `;
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${id}, 'break', null, '12:00', '12:30')
  `;
}
for (const id of [lena, paul]) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, 'available', d, '08:00', '20:00' from generate_series(1, 7) d
  `;
}

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

/**
 * A Monday-to-Thursday that is no public holiday (NW), `offset` days from today or the next one
 * after it: a day the instructors work whatever day the tests run on (the next day is a workday
 * too).
 */
function workday(offset: number): string {
  for (let day = addDays(schoolDay(), offset);; day = addDays(day, 1)) {
    if (isoWeekday(day) <= 4 && publicHolidays("NW", day, addDays(day, 1)).length === 0) {
      return day;
    }
  }
}

/** Inserts an appointment directly (as the planner would), one hour by default. */
const addAppointment = (a: TestAppointment) => insertAppointment(t.sql, { minutes: 60, ...a });

/** A manual Fahrstunde of Lena with Jörg in DO-FS 101, changed by `extra`. */
function lesson(date: string, start: string, extra: Record<string, unknown> = {}) {
  return {
    appointment_type: "driving_lesson",
    student_id: lena,
    instructor_id: joerg,
    vehicle_id: manualCar.id,
    date,
    start_time: start,
    ...extra,
  };
}

async function expectConflict(res: Response, code: string, error: string) {
  const body = await res.json();
  assertEquals([res.status, body.code, body.error], [409, code, error]);
}

async function countAppointments(day: string): Promise<number> {
  const [{ count }] = await t.sql`
    select count(*)::int from appointments
     where (starts_at at time zone ${SCHOOL_TIME_ZONE})::date = ${day}::date`;
  return count;
}

async function lastAudit() {
  const [row] = await t.sql`
    select actor_id::int, actor_name, action, summary, details from audit_log
     order by id desc limit 1`;
  return row;
}

async function detail(client: TestClient, id: number) {
  const res = await client.get(`/api/admin/appointments/${id}/`);
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(appointmentDetailSchema, body);
  return body;
}

Deno.test("an admin adds a Sonderfahrt by hand: stored, answered in full, audited", async () => {
  const res = await admin.post(
    "/api/admin/appointments/",
    lesson("2027-11-30", "14:00", { appointment_type: "night", notes: "Treffpunkt Schule" }),
  );
  assertEquals(res.status, 201, await res.clone().text());
  const body = await res.json();
  assertContract(appointmentDetailSchema, body);
  const { id, updated_at, ...rest } = body;
  assert(typeof id === "number" && updated_at.startsWith(`${schoolDay().slice(0, 4)}-`));
  assertEquals(rest, {
    date: "2027-11-30",
    time: "14:00",
    end_clock: "15:00",
    start_time: "2027-11-30T14:00:00+01:00",
    end_time: "2027-11-30T15:00:00+01:00",
    duration_minutes: 60,
    student_id: lena,
    student_name: "Lena Offline",
    instructor_id: joerg,
    instructor_name: "Jörg Barsmann",
    vehicle_id: manualCar.id,
    vehicle: "DO-FS 101",
    appointment_type: "night",
    appointment_type_display: "Nachtfahrt",
    transmission_type: "manual",
    status: "confirmed",
    cancel_reason: "",
    notes: "Treffpunkt Schule",
    created_by_name: "Clara Chefin",
    planned: false,
  });
  assertEquals(await lastAudit(), {
    actor_id: adminId,
    actor_name: "Clara Chefin",
    action: "appointment.create",
    summary: "Nachtfahrt von Lena Offline mit Jörg Barsmann am 30.11.2027 um 14:00 angelegt",
    details: { appointment_id: id, override_availability: false },
  });
  // The admin list names the type in German.
  const list = await (await admin.get("/api/admin/appointments/?search=Lena")).json();
  const row = list.results.find((r: { id: number }) => r.id === id);
  assertEquals([row.time, row.type_display], ["14:00", "Nachtfahrt"]);
});

Deno.test("a bad create answers a German 400 and stores nothing", async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ student_id: undefined }, "Bitte einen Fahrschüler wählen."],
    [{ appointment_type: "picknick" }, "Bitte eine Terminart wählen."],
    [{ start_time: "25:00" }, "Bitte eine Uhrzeit im Format HH:MM angeben."],
    [{ date: "2026-02-30" }, "Bitte ein gültiges Datum angeben."],
    [{ start_time: "23:30" }, "Ein Termin muss am selben Tag enden."],
    [{ student_id: joerg }, "Der gewählte Fahrschüler wurde nicht gefunden."],
    [{ instructor_id: lena }, "Der gewählte Fahrlehrer wurde nicht gefunden."],
    [{ vehicle_id: 999999 }, "Das gewählte Fahrzeug wurde nicht gefunden."],
  ];
  for (const [change, error] of cases) {
    const res = await admin.post("/api/admin/appointments/", lesson("2027-12-01", "10:00", change));
    const body = await res.json();
    assertEquals([res.status, body.error], [400, error], JSON.stringify(change));
  }
  assertEquals(await countAppointments("2027-12-01"), 0);
});

Deno.test("instructor double booking is refused with the sentence naming it, override or not", async () => {
  await addAppointment({ student: paul, instructor: joerg, day: "2027-12-02", start: "14:00" });
  const sentence =
    "Jörg Barsmann hat am 02.12.2027 um 14:00 bereits eine Fahrstunde mit Paul Becker.";
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson("2027-12-02", "14:30")),
    "double_booking",
    sentence,
  );
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      lesson("2027-12-02", "14:30", { override_availability: true }),
    ),
    "double_booking",
    sentence,
  );
  assertEquals(await countAppointments("2027-12-02"), 1);
  // Back to back is fine.
  const res = await admin.post("/api/admin/appointments/", lesson("2027-12-02", "15:00"));
  assertEquals(res.status, 201);
});

Deno.test("student double booking is refused", async () => {
  await addAppointment({ student: lena, instructor: ingrid, day: "2027-12-03", start: "10:00" });
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson("2027-12-03", "09:30")),
    "double_booking",
    "Lena Offline hat am 03.12.2027 um 10:00 bereits eine Fahrstunde bei Ingrid Auto.",
  );
});

Deno.test("vehicle double booking is refused", async () => {
  await addAppointment({
    student: paul,
    instructor: ingrid,
    vehicle: manualCar.id,
    day: "2027-12-04",
    start: "09:00",
    minutes: 90,
  });
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson("2027-12-04", "10:00")),
    "double_booking",
    "Fahrzeug DO-FS 101 ist am 04.12.2027 um 09:00 bereits für eine Fahrstunde von Paul Becker " +
      "mit Ingrid Auto eingeplant.",
  );
  // Without the vehicle the slot is free.
  const res = await admin.post(
    "/api/admin/appointments/",
    lesson("2027-12-04", "10:00", { vehicle_id: null }),
  );
  assertEquals(res.status, 201);
});

Deno.test("outside availability is refused as overridable; 'Trotzdem speichern' saves and says so", async () => {
  const late = lesson("2027-12-06", "17:30");
  await expectConflict(
    await admin.post("/api/admin/appointments/", late),
    "availability_conflict",
    "Jörg Barsmann ist am 06.12.2027 von 17:30 bis 18:30 nicht verfügbar " +
      "(außerhalb der Arbeitszeit).",
  );
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson("2027-12-06", "12:00")),
    "availability_conflict",
    "Jörg Barsmann ist am 06.12.2027 von 12:00 bis 13:00 nicht verfügbar (Pause).",
  );
  assertEquals(await countAppointments("2027-12-06"), 0);
  const res = await admin.post("/api/admin/appointments/", {
    ...late,
    override_availability: true,
  });
  assertEquals(res.status, 201);
  const audit = await lastAudit();
  assertEquals(
    audit.summary,
    "Fahrstunde von Lena Offline mit Jörg Barsmann am 06.12.2027 um 17:30 angelegt " +
      "(trotz Verfügbarkeitskonflikt)",
  );
  assertEquals(audit.details.override_availability, true);
});

Deno.test("a student outside their own times is named too, after the instructor", async () => {
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson("2027-12-06", "07:00")),
    "availability_conflict",
    "Jörg Barsmann ist am 06.12.2027 von 07:00 bis 08:00 nicht verfügbar " +
      "(außerhalb der Arbeitszeit). Lena Offline ist am 06.12.2027 von 07:00 bis " +
      "08:00 nicht verfügbar (außerhalb der angegebenen Zeiten).",
  );
});

Deno.test("absences are refused as overridable: vacation, a day off, part of a day, theory", async () => {
  await t.sql`insert into vacation_periods (user_id, start_date, end_date, description)
              values (${lena}, '2027-12-07', '2027-12-08', 'Skiurlaub')`;
  await t.sql`insert into special_dates (user_id, date, is_unavailable, description)
              values (${joerg}, '2027-12-09', true, 'Arzttermin')`;
  await t.sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time)
              values (${joerg}, '2027-12-10', false, '15:00', '16:00')`;
  await t.sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
              values (${joerg}, '2027-12-11', '09:00', '10:30')`;
  const cases: [string, string, string][] = [
    [
      "2027-12-08",
      "10:00",
      "Lena Offline ist am 08.12.2027 von 10:00 bis 11:00 nicht verfügbar " +
      "(Urlaub: Skiurlaub).",
    ],
    [
      "2027-12-09",
      "10:00",
      "Jörg Barsmann ist am 09.12.2027 von 10:00 bis 11:00 nicht verfügbar " +
      "(abwesend: Arzttermin).",
    ],
    [
      "2027-12-10",
      "14:30",
      "Jörg Barsmann ist am 10.12.2027 von 14:30 bis 15:30 nicht verfügbar (abwesend).",
    ],
    [
      "2027-12-11",
      "10:00",
      "Jörg Barsmann ist am 11.12.2027 von 10:00 bis 11:00 nicht verfügbar " +
      "(Theorieunterricht).",
    ],
  ];
  for (const [date, start, sentence] of cases) {
    await expectConflict(
      await admin.post("/api/admin/appointments/", lesson(date, start)),
      "availability_conflict",
      sentence,
    );
  }
  // The hour after the partial absence is free.
  assertEquals(
    (await admin.post("/api/admin/appointments/", lesson("2027-12-10", "16:00"))).status,
    201,
  );
});

Deno.test("an unqualified instructor or a wrong or inactive vehicle is refused, override or not", async () => {
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      lesson("2027-12-13", "10:00", {
        transmission_type: "automatic",
        vehicle_id: autoCar.id,
        override_availability: true,
      }),
    ),
    "qualification_conflict",
    "Jörg Barsmann unterrichtet nicht mit Automatik.",
  );
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      lesson("2027-12-13", "10:00", { transmission_type: "manual", vehicle_id: autoCar.id }),
    ),
    "qualification_conflict",
    "Fahrzeug DO-AU 202 hat Automatik, der Termin ist mit Schaltgetriebe.",
  );
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      lesson("2027-12-13", "10:00", { vehicle_id: oldCar.id, override_availability: true }),
    ),
    "qualification_conflict",
    "Fahrzeug DO-XX 9 ist nicht aktiv und kann nicht eingeplant werden.",
  );
  assertEquals(await countAppointments("2027-12-13"), 0);
  // Ingrid teaches automatic; the lesson takes the vehicle's transmission when none is named.
  const res = await admin.post(
    "/api/admin/appointments/",
    lesson("2027-12-13", "10:00", { instructor_id: ingrid, vehicle_id: autoCar.id }),
  );
  assertEquals(res.status, 201);
  assertEquals((await res.json()).transmission_type, "automatic");
});

Deno.test("a move changes day, time, instructor and vehicle, checked like a create", async () => {
  const id = await addAppointment({
    student: lena,
    instructor: joerg,
    vehicle: manualCar.id,
    day: "2027-12-14",
    start: "10:00",
    minutes: 45,
  });
  await addAppointment({ student: paul, instructor: ingrid, day: "2027-12-15", start: "14:00" });
  // Half an hour later overlaps only itself: allowed; the length stays.
  let res = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    start_time: "10:30",
  });
  assertEquals(res.status, 200, await res.clone().text());
  assertEquals([(await res.json()).time, (await detail(admin, id)).end_clock], ["10:30", "11:15"]);

  await expectConflict(
    await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: "2027-12-15",
      start_time: "14:00",
      instructor_id: ingrid,
      override_availability: true,
    }),
    "double_booking",
    "Ingrid Auto hat am 15.12.2027 um 14:00 bereits eine Fahrstunde mit Paul Becker.",
  );
  await expectConflict(
    await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: "2027-12-15",
      start_time: "19:00",
    }),
    "availability_conflict",
    "Jörg Barsmann ist am 15.12.2027 von 19:00 bis 19:45 nicht verfügbar " +
      "(außerhalb der Arbeitszeit).",
  );
  assertEquals((await detail(admin, id)).time, "10:30");

  res = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    date: "2027-12-15",
    start_time: "15:00",
    duration_minutes: 90,
    instructor_id: ingrid,
    vehicle_id: null,
    notes: "verschoben wegen Werkstatt",
  });
  assertEquals(res.status, 200);
  const moved = await detail(admin, id);
  assertEquals(
    [moved.date, moved.time, moved.end_clock, moved.instructor_name, moved.vehicle, moved.notes],
    ["2027-12-15", "15:00", "16:30", "Ingrid Auto", null, "verschoben wegen Werkstatt"],
  );
  const audit = await lastAudit();
  assertEquals(
    [audit.action, audit.summary],
    [
      "appointment.move",
      "Termin von Lena Offline am 14.12.2027 um 10:30 verschoben auf 15.12.2027 um 15:00 " +
      "mit Ingrid Auto",
    ],
  );
  // The student sees the new time at once.
  const lenaClient = t.client();
  await lenaClient.login("lena");
  const mine = await (await lenaClient.get("/api/my-appointments/")).json();
  assert(
    mine.some((a: { id: number; start_time: string }) =>
      a.id === id && a.start_time === "2027-12-15T15:00:00+01:00"
    ),
  );

  res = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    start_time: "18:00",
    override_availability: true,
  });
  assertEquals(res.status, 200);
  assertEquals((await lastAudit()).details.override_availability, true);
  assertEquals((await admin.request("PATCH", "/api/admin/appointments/999999/", {})).status, 404);
});

Deno.test("a cancel needs a reason, keeps the appointment visible and frees the slot", async () => {
  const id = await addAppointment({
    student: lena,
    instructor: joerg,
    vehicle: manualCar.id,
    day: "2027-12-16",
    start: "11:00",
  });
  for (const body of [{}, { reason: "   " }]) {
    const res = await admin.post(`/api/admin/appointments/${id}/cancel/`, body);
    const answer = await res.json();
    assertEquals(
      [res.status, answer.error],
      [400, "Bitte einen Grund für die Stornierung angeben."],
    );
  }
  const res = await admin.post(`/api/admin/appointments/${id}/cancel/`, { reason: " krank " });
  assertEquals(res.status, 200);
  const cancelled = await res.json();
  assertEquals([cancelled.status, cancelled.cancel_reason], ["cancelled", "krank"]);
  assertEquals(await lastAudit(), {
    actor_id: adminId,
    actor_name: "Clara Chefin",
    action: "appointment.cancel",
    summary: "Termin von Lena Offline am 16.12.2027 um 11:00 storniert: krank",
    details: { appointment_id: id, reason: "krank" },
  });
  // Still in the admin list with its status.
  const list = await (await admin.get("/api/admin/appointments/?search=Lena&page_size=200"))
    .json();
  assertEquals(list.results.find((r: { id: number }) => r.id === id).status, "cancelled");
  // The student's calendar shows it as cancelled, with the reason.
  const lenaClient = t.client();
  await lenaClient.login("lena");
  const mine = await (await lenaClient.get("/api/my-appointments/")).json();
  assertContract(z.array(myAppointmentSchema), mine);
  const shown = mine.find((a: { id: number }) => a.id === id);
  assertEquals([shown.status, shown.cancel_reason], ["cancelled", "krank"]);
  // The slot is free for everyone it named.
  const again = await admin.post("/api/admin/appointments/", lesson("2027-12-16", "11:00"));
  assertEquals(again.status, 201);
  // A cancelled appointment is neither cancelled again nor moved.
  await expectConflict(
    await admin.post(`/api/admin/appointments/${id}/cancel/`, { reason: "doppelt" }),
    "appointment_cancelled",
    "Der Termin ist bereits storniert.",
  );
  await expectConflict(
    await admin.request("PATCH", `/api/admin/appointments/${id}/`, { start_time: "09:00" }),
    "appointment_cancelled",
    "Ein stornierter Termin kann nicht verschoben werden.",
  );
});

Deno.test("a delete removes the appointment and writes the audit line", async () => {
  const id = await addAppointment({
    student: paul,
    instructor: joerg,
    day: "2027-12-17",
    start: "08:00",
  });
  const res = await admin.delete(`/api/admin/appointments/${id}/`);
  assertEquals([res.status, await res.json()], [200, { message: "Termin gelöscht" }]);
  assertEquals(await countAppointments("2027-12-17"), 0);
  const audit = await lastAudit();
  assertEquals(
    [audit.action, audit.summary],
    ["appointment.delete", "Fahrstunde von Paul Becker am 17.12.2027 um 08:00 gelöscht"],
  );
  assertEquals((await admin.get(`/api/admin/appointments/${id}/`)).status, 404);
  const again = await admin.delete(`/api/admin/appointments/${id}/`);
  assertEquals([again.status, (await again.json()).error], [
    404,
    "Der Termin wurde nicht gefunden.",
  ]);
});

Deno.test("a failed change writes no audit line", async () => {
  const [{ count: before }] = await t.sql`select count(*)::int from audit_log`;
  await admin.post(
    "/api/admin/appointments/",
    lesson("2027-12-18", "21:00", { duration_minutes: 30 }),
  );
  const [{ count: after }] = await t.sql`select count(*)::int from audit_log`;
  assertEquals(after, before);
});

Deno.test("the pickers offer active people and vehicles; only admins reach any of this", async () => {
  await t.sql`update users set is_active = false where id = ${paul}`;
  const res = await admin.get("/api/admin/appointments/choices/");
  assertEquals(res.status, 200);
  const choices = await res.json();
  assertContract(appointmentChoicesSchema, choices);
  assertEquals(choices.students, [{ id: lena, name: "Lena Offline" }]);
  assertEquals(choices.instructors, [
    { id: ingrid, name: "Ingrid Auto", transmission_types: ["automatic", "manual"] },
    { id: joerg, name: "Jörg Barsmann", transmission_types: ["manual"] },
  ]);
  assertEquals(choices.vehicles.map((v: { name: string }) => v.name), ["DO-AU 202", "DO-FS 101"]);
  await t.sql`update users set is_active = true where id = ${paul}`;

  const student = t.client();
  await student.login("lena");
  assertEquals((await student.get("/api/admin/appointments/choices/")).status, 403);
  assertEquals(
    (await student.post("/api/admin/appointments/", lesson("2027-12-19", "10:00"))).status,
    403,
  );
});

Deno.test("a public holiday of the school's state is refused as overridable", async () => {
  await t.sql`update school_settings set federal_state = 'NW'`;
  // 1 May is a public holiday in every state.
  const res = await admin.post("/api/admin/appointments/", lesson("2027-05-01", "10:00"));
  await expectConflict(
    res,
    "availability_conflict",
    "Am 01.05.2027 ist Feiertag (Tag der Arbeit).",
  );
  const saved = await admin.post(
    "/api/admin/appointments/",
    lesson("2027-05-01", "10:00", { override_availability: true }),
  );
  assertEquals(saved.status, 201);
});

Deno.test("Ferien: a student who does not drive in the holidays is refused; a sick note says so", async () => {
  await t.sql`delete from school_holidays`;
  await t.sql`insert into school_holidays (name, start_date, end_date)
              values ('Herbstferien', '2027-10-11', '2027-10-23')`;
  await t.sql`update student_profiles set available_in_holidays = false where user_id = ${paul}`;
  const inFerien = await admin.post(
    "/api/admin/appointments/",
    lesson("2027-10-12", "10:00", { student_id: paul }),
  );
  await expectConflict(
    inFerien,
    "availability_conflict",
    "Paul Becker ist am 12.10.2027 von 10:00 bis 11:00 nicht verfügbar " +
      "(Ferien: Herbstferien, keine Fahrstunden in den Ferien).",
  );
  await t.sql`insert into vacation_periods (user_id, start_date, end_date, kind, description)
              values (${joerg}, '2027-10-25', '2027-10-26', 'sick', '')`;
  const sick = await admin.post("/api/admin/appointments/", lesson("2027-10-25", "10:00"));
  await expectConflict(
    sick,
    "availability_conflict",
    "Jörg Barsmann ist am 25.10.2027 von 10:00 bis 11:00 nicht verfügbar " +
      "(krankgemeldet).",
  );
});

Deno.test("a lesson in the past is refused unless confirmed as 'Nachtrag'; the log says so (issue 25, point 1)", async () => {
  // Relative to today, so the test stays true on any day; 10:00 a week ago is in the past.
  const lastWeek = workday(-7);
  const nextWeek = workday(7);
  const shown = germanDate(lastWeek);
  const refusal = `Der Termin am ${shown} um 10:00 liegt in der Vergangenheit. ` +
    "Nur als Nachtrag speichern, wenn er so stattgefunden hat.";
  // A new lesson in the past: refused, even with 'Trotzdem speichern'; nothing stored.
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson(lastWeek, "10:00")),
    "past_appointment",
    refusal,
  );
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      lesson(lastWeek, "10:00", { override_availability: true }),
    ),
    "past_appointment",
    refusal,
  );
  assertEquals(await countAppointments(lastWeek), 0);
  // Confirmed as Nachtrag: stored, and the log says it was one.
  const added = await admin.post(
    "/api/admin/appointments/",
    lesson(lastWeek, "10:00", { backfill: true }),
  );
  assertEquals(added.status, 201, await added.clone().text());
  const audit = await lastAudit();
  assertEquals(
    [audit.action, audit.summary, audit.details.backfill],
    [
      "appointment.create",
      `Fahrstunde von Lena Offline mit Jörg Barsmann am ${shown} um 10:00 angelegt (Nachtrag)`,
      true,
    ],
  );
  await t.sql`delete from appointments where id = ${(await added.json()).id}`;

  // A move of a coming lesson into the past (a mistyped month): refused, the lesson stays.
  const id = await addAppointment({
    student: lena,
    instructor: joerg,
    day: nextWeek,
    start: "11:00",
  });
  await expectConflict(
    await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: lastWeek,
      start_time: "10:00",
    }),
    "past_appointment",
    refusal,
  );
  assertEquals([(await detail(admin, id)).date, (await detail(admin, id)).time], [
    nextWeek,
    "11:00",
  ]);
  const moved = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    date: lastWeek,
    start_time: "10:00",
    backfill: true,
  });
  assertEquals(moved.status, 200, await moved.clone().text());
  const moveAudit = await lastAudit();
  assertEquals(
    [moveAudit.action, moveAudit.summary, moveAudit.details.backfill],
    [
      "appointment.move",
      `Termin von Lena Offline am ${germanDate(nextWeek)} um 11:00 verschoben auf ${shown} ` +
      "um 10:00 mit Jörg Barsmann (Nachtrag)",
      true,
    ],
  );
  // A past lesson's note may be corrected without a confirmation: the time does not change.
  const noted = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    notes: "Schüler kam 10 Minuten zu spät",
  });
  assertEquals(noted.status, 200, await noted.clone().text());
  await t.sql`delete from appointments where id = ${id}`;
});

Deno.test("a school closing day asks like a holiday, whole or from its time (issue 25, point 2)", async () => {
  // Working days ahead (no weekend, no holiday), so the test holds on any day it runs.
  const early = workday(40);
  const outing = [workday(60), addDays(workday(60), 1)];
  const [earlyDe, outingDe, outingEndDe] = [early, ...outing].map(germanDate);
  await t.sql`insert into school_closing_days (name, start_date, end_date, from_time)
              values ('Weihnachtsfeier', ${early}, ${early}, '16:00'),
                     ('Betriebsausflug', ${outing[0]}, ${outing[1]}, null)`;
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson(outing[1], "10:00")),
    "availability_conflict",
    `Am ${outingEndDe} ist die Fahrschule geschlossen (Betriebsausflug).`,
  );
  await expectConflict(
    await admin.post("/api/admin/appointments/", lesson(early, "15:30")),
    "availability_conflict",
    `Am ${earlyDe} ist die Fahrschule ab 16:00 geschlossen (Weihnachtsfeier).`,
  );
  // Before the closing time the day is open.
  const morning = await admin.post("/api/admin/appointments/", lesson(early, "14:00"));
  assertEquals(morning.status, 201, await morning.clone().text());
  // A move onto a closing day asks too; 'Trotzdem speichern' may override it.
  const id = (await morning.json()).id;
  await expectConflict(
    await admin.request("PATCH", `/api/admin/appointments/${id}/`, { date: outing[0] }),
    "availability_conflict",
    `Am ${outingDe} ist die Fahrschule geschlossen (Betriebsausflug).`,
  );
  const overridden = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
    date: outing[0],
    override_availability: true,
  });
  assertEquals(overridden.status, 200);
  await t.sql`delete from appointments where id = ${id}`;
  await t.sql`delete from school_closing_days`;
});

Deno.test("an instructor without any working hours entered is not 'außerhalb der Arbeitszeit'; the rest still asks (decision 0021)", async () => {
  await t.sql`update school_settings set federal_state = 'NW'`;
  const nora = await insertUser(t.sql, {
    username: "nora",
    role: "instructor",
    first_name: "Nora",
    last_name: "Ohnezeit",
  });
  const byNora = (date: string, start: string, extra: Record<string, unknown> = {}) =>
    lesson(date, start, { instructor_id: nora, ...extra });
  // Monday 10.01.2028, at any time of Lena's: as the overview, no warning about her hours. An every-day
  // break is part of the hours she has not entered, so it does not ask either.
  await t
    .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
              values (${nora}, 'break', null, '12:00', '12:30')`;
  const saved: number[] = [];
  for (const start of ["08:00", "12:00", "19:00"]) {
    const res = await admin.post("/api/admin/appointments/", byNora("2028-01-10", start));
    const body = await res.json();
    assertEquals(res.status, 201, JSON.stringify([start, body]));
    saved.push(body.id);
  }
  // The student's own times, a double booking, an absence, a theory session, a recurring block
  // and a public holiday still count.
  await expectConflict(
    await admin.post("/api/admin/appointments/", byNora("2028-01-11", "07:00")),
    "availability_conflict",
    "Lena Offline ist am 11.01.2028 von 07:00 bis 08:00 nicht verfügbar " +
      "(außerhalb der angegebenen Zeiten).",
  );
  await expectConflict(
    await admin.post(
      "/api/admin/appointments/",
      byNora("2028-01-10", "12:30", { student_id: paul, vehicle_id: null }),
    ),
    "double_booking",
    "Nora Ohnezeit hat am 10.01.2028 um 12:00 bereits eine Fahrstunde mit Lena Offline.",
  );
  await t.sql`insert into special_dates (user_id, date, is_unavailable, description)
              values (${nora}, '2028-01-12', true, 'Arzttermin')`;
  await t.sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
              values (${nora}, '2028-01-13', '09:00', '10:30')`;
  await t
    .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
              values (${nora}, 'unavailable', 5, '14:00', '16:00')`;
  const cases: [string, string, string][] = [
    ["2028-01-12", "10:00", "(abwesend: Arzttermin)"],
    ["2028-01-13", "10:00", "(Theorieunterricht)"],
    ["2028-01-14", "15:00", "(regelmäßig nicht verfügbar)"],
  ];
  for (const [date, start, why] of cases) {
    const [h, m] = start.split(":").map(Number);
    const end = `${String(h + 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    await expectConflict(
      await admin.post("/api/admin/appointments/", byNora(date, start)),
      "availability_conflict",
      `Nora Ohnezeit ist am ${germanDate(date)} von ${start} bis ${end} nicht verfügbar ${why}.`,
    );
  }
  await expectConflict(
    await admin.post("/api/admin/appointments/", byNora("2028-05-01", "10:00")),
    "availability_conflict",
    "Am 01.05.2028 ist Feiertag (Tag der Arbeit).",
  );
  // Once she has hours on any day, a time outside them asks again, on her days off too.
  await t
    .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
              values (${nora}, 'work', 1, '08:00', '16:00')`;
  await expectConflict(
    await admin.post("/api/admin/appointments/", byNora("2028-01-11", "10:00")),
    "availability_conflict",
    "Nora Ohnezeit ist am 11.01.2028 von 10:00 bis 11:00 nicht verfügbar " +
      "(außerhalb der Arbeitszeit).",
  );
  await t.sql`delete from appointments where id = any(${saved})`;
  await t.sql`update users set is_active = false where id = ${nora}`;
});
