import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { pdfPages } from "../testing/pdf_text.ts";
import { addDays, mondayOf, schoolDay } from "../../common/time.ts";
import { lastExportDay } from "../../common/export_range.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";

// Issue 25, point 8: the week plan names each appointment's type and prints the notes; the .ics
// carries SEQUENCE, LAST-MODIFIED, the notes and a cancellation's reason, and its LOCATION is the
// Treffpunkt. Issue 24: every export covers at most a year.
const t = await createTestApp("appointments_export_content");
await insertUser(t.sql, { username: "chefin", role: "admin" });
const ingrid = await insertUser(t.sql, {
  username: "ingrid",
  role: "instructor",
  first_name: "Ingrid",
  last_name: "Lehrer",
});
const anna = await insertUser(t.sql, {
  username: "anna",
  role: "student",
  first_name: "Anna",
  last_name: "Müller",
});
await t.sql`update student_profiles set start_location = 'Lüdo Bus Bhf.' where user_id = ${anna}`;
const [car] = await t.sql`
  insert into vehicles (name, transmission) values ('DO-FS 101', 'manual') returning id::int`;

// A week far enough ahead that every lesson of it is to come, Monday to Wednesday.
const monday = mondayOf(addDays(schoolDay(), 14));
const lesson = await insertAppointment(t.sql, {
  student: anna,
  instructor: ingrid,
  vehicle: car.id,
  day: monday,
  start: "09:00",
  minutes: 90,
});
const secondLesson = await insertAppointment(t.sql, {
  student: anna,
  instructor: ingrid,
  day: addDays(monday, 1),
  start: "09:00",
  minutes: 90,
});
const exam = await insertAppointment(t.sql, {
  student: anna,
  instructor: ingrid,
  vehicle: car.id,
  day: addDays(monday, 2),
  start: "10:00",
  minutes: 60,
  type: "exam",
});
const cancelled = await insertAppointment(t.sql, {
  student: anna,
  instructor: ingrid,
  day: addDays(monday, 2),
  start: "14:00",
});
await t.sql`update appointments set notes = 'Sehtest-Bescheinigung mitbringen' where id = ${exam}`;
await t.sql`update appointments set notes = 'Zuerst tanken' where id = ${lesson}`;

const admin = t.client();
await admin.login("chefin");
// Cancelled through the API as the office does it: a reason, a changed appointment.
const cancel = await admin.post(`/api/admin/appointments/${cancelled}/cancel/`, {
  reason: "Fahrschülerin krank",
});
assertEquals(cancel.status, 200, await cancel.clone().text());

Deno.test.afterAll?.(() => t.close());

const week = `from=${monday}&to=${addDays(monday, 6)}`;

async function download(path: string): Promise<Uint8Array> {
  const res = await admin.get(`/api/admin/appointments/export/${path}`);
  assertEquals(res.status, 200, await res.clone().text());
  return new Uint8Array(await res.arrayBuffer());
}

Deno.test("the week plan names each type, counts per type and prints the notes", async () => {
  const text = (await pdfPages(await download(`pdf/?${week}`))).join("\n");
  // Counted per type, not everything as "Fahrstunden"; the cancelled lesson is not on the plan.
  assert(text.includes("Termine: 3 – Fahrstunde: 2 · Prüfung: 1"), text);
  assert(!text.includes("Fahrstunden"), text);
  // Each box says what it is: the exam is not a lesson.
  assert(text.includes("Prüfung · 10:00–11:00"), text);
  assert(text.includes("Fahrstunde · 09:00–10:30"), text);
  // The notes under the grid, with the day, time, student and type they belong to.
  assert(text.includes("Notizen"), text);
  const day = (offset: number) => `${addDays(monday, offset).slice(8)}.${monday.slice(5, 7)}.`;
  assert(
    text.includes(`Mi ${day(2)}`) && text.includes("Sehtest-Bescheinigung mitbringen"),
    text,
  );
  assert(text.includes("Zuerst tanken"), text);
  assert(!text.includes("Fahrschülerin krank"), "a cancelled lesson's reason is not on the plan");
});

/** The VEVENTs of the exported .ics by appointment id, read by Mozilla's ical.js. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map<number, ICAL.Component>();
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    events.set(
      Number(/appointment-(\d+)@/.exec(String(vevent.getFirstPropertyValue("uid")))![1]),
      vevent,
    );
  }
  return events;
}

Deno.test("the .ics carries SEQUENCE, LAST-MODIFIED, notes, the cancel reason and the Treffpunkt", async () => {
  const [stamps] = await t.sql<{ modified: string; sequence: number }[]>`
    select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as modified,
           sequence from appointments where id = ${cancelled}`;
  const events = parseCalendar(new TextDecoder().decode(await download(`ical/?${week}`)));
  assertEquals([...events.keys()].sort(), [lesson, secondLesson, exam, cancelled].sort());

  const gone = new ICAL.Event(events.get(cancelled)!);
  assertEquals(events.get(cancelled)!.getFirstPropertyValue("status"), "CANCELLED");
  // The cancellation raised the counter a calendar compares, and the change time is the row's.
  assert(stamps.sequence >= 1, `sequence ${stamps.sequence}`);
  assertEquals(gone.sequence, stamps.sequence);
  assertEquals(
    String(events.get(cancelled)!.getFirstPropertyValue("last-modified")),
    stamps.modified,
  );
  assert(gone.description.includes("Storniert: Fahrschülerin krank"), gone.description);

  const examEvent = new ICAL.Event(events.get(exam)!);
  assertEquals(examEvent.summary, "Prüfung: Anna Müller mit Ingrid Lehrer");
  // Where the student is picked up, not the car; the car and the note go into the description.
  assertEquals(examEvent.location, "Lüdo Bus Bhf.");
  assertEquals(
    examEvent.description,
    "Fahrschüler: Anna Müller\nFahrlehrer: Ingrid Lehrer\nGetriebe: Schaltgetriebe\n" +
      "Fahrzeug: DO-FS 101\nTreffpunkt: Lüdo Bus Bhf.\nNotiz: Sehtest-Bescheinigung mitbringen",
  );
  // Setting the note was a change: the exam's counter is above the untouched lesson's.
  assert(examEvent.sequence > new ICAL.Event(events.get(secondLesson)!).sequence);
  // The instant is right whatever the season: 10:00 on the school's clock.
  assertEquals(
    examEvent.startDate.toJSDate().getTime(),
    Date.parse(
      (await t.sql`select starts_at from appointments where id = ${exam}`)[0].starts_at,
    ),
  );
});

Deno.test("an export covers at most a year: wider answers 400, open ends are filled", async () => {
  const from = addDays(monday, -7);
  for (const kind of ["excel", "pdf", "ical"]) {
    const wide = await admin.get(
      `/api/admin/appointments/export/${kind}/?from=${from}&to=${addDays(lastExportDay(from), 1)}`,
    );
    const body = await wide.json();
    assertEquals(
      [wide.status, body.error],
      [400, "Ein Export umfasst höchstens ein Jahr. Bitte Von und Bis enger wählen."],
      kind,
    );
    const year = await admin.get(
      `/api/admin/appointments/export/${kind}/?from=${from}&to=${lastExportDay(from)}`,
    );
    assertEquals(year.status, 200, kind);
    await year.body?.cancel();
  }
  // A lesson a year and a day after the week is outside an export that starts with the week.
  const later = await insertAppointment(t.sql, {
    student: anna,
    instructor: ingrid,
    day: addDays(lastExportDay(monday), 1),
    start: "09:00",
  });
  try {
    const uids = (text: string) => [...parseCalendar(text).keys()];
    const fromWeek = uids(new TextDecoder().decode(await download(`ical/?from=${monday}`)));
    assert(fromWeek.includes(exam) && !fromWeek.includes(later), String(fromWeek));
    // No range at all ('Alle'): the year from today, which holds the week but not the later one.
    const all = uids(new TextDecoder().decode(await download("ical/?from=&to=")));
    assert(all.includes(exam) && !all.includes(later), String(all));
    // Only a Bis: the year up to it.
    const upTo = uids(
      new TextDecoder().decode(
        await download(`ical/?from=&to=${addDays(lastExportDay(monday), 1)}`),
      ),
    );
    assert(upTo.includes(later) && !upTo.includes(lesson), String(upTo));
  } finally {
    await t.sql`delete from appointments where id = ${later}`;
  }
});
