import ExcelJS from "exceljs";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { addDays, schoolDay } from "../../common/time.ts";
import { appointmentRowSchema } from "../../common/contract/appointment_row.ts";
import { listPageSchema } from "../../common/contract/list_page.ts";
import { pdfPages } from "../testing/pdf_text.ts";
import { insertAppointment, type TestAppointment } from "../testing/insert_appointment.ts";

const t = await createTestApp("appointments_routes");
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
// Paul is picked up at Barop: every lesson of his carries it (issue 22).
await t.sql`update student_profiles set start_location = 'Barop' where user_id = ${paul}`;
// A name a spreadsheet would run as a formula.
const formel = await insertUser(t.sql, {
  username: "formel",
  role: "student",
  first_name: '=HYPERLINK("x")',
  last_name: "",
});
const [manualCar] = await t.sql`
  insert into vehicles (name, transmission) values ('DO-FS 101', 'manual') returning id`;
const [autoCar] = await t.sql`
  insert into vehicles (name, transmission) values ('DO-AU 202', 'automatic') returning id`;

/** Inserts one appointment at a Berlin wall-clock time; returns its id. */
const addAppointment = (a: TestAppointment) => insertAppointment(t.sql, a);

const winterLesson = await addAppointment({
  student: anna,
  instructor: ingrid,
  vehicle: manualCar.id,
  day: "2026-12-10",
  start: "14:00",
});
const summerLesson = await addAppointment({
  student: paul,
  instructor: bernd,
  vehicle: autoCar.id,
  transmission: "automatic",
  day: "2027-03-29",
  start: "14:00",
  minutes: 90,
  status: "pending",
});
const formulaLesson = await addAppointment({
  student: formel,
  instructor: ingrid,
  day: "2026-12-11",
  start: "09:00",
});
const cancelledLesson = await addAppointment({
  student: paul,
  instructor: ingrid,
  vehicle: manualCar.id,
  day: "2026-12-12",
  start: "10:00",
  status: "cancelled",
});
// 52 more lessons of Paul with Bernd in January, so the list has two pages of 50.
for (let i = 0; i < 52; i++) {
  const day = `2027-01-${String(4 + (i % 26)).padStart(2, "0")}`;
  await addAppointment({
    student: paul,
    instructor: bernd,
    day,
    start: i < 26 ? "08:00" : "10:00",
  });
}
const totalAppointments = 56;

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

/**
 * These fixtures have fixed dates, so list calls ask for all of them (an empty from): the list's
 * default range, from today on, is tested with relative dates in filters.test.ts.
 */
function allDays(path: string): string {
  if (path.includes("from=")) return path;
  return `${path}${path.includes("?") ? "&" : "?"}from=`;
}

async function json(client: TestClient, path: string) {
  const res = await client.get(allDays(path));
  assertEquals(res.status, 200, await res.clone().text());
  return await res.json();
}

Deno.test("the list answers page 1 of 50, newest first, with the spec's row fields", async () => {
  const body = await json(admin, "/api/admin/appointments/");
  assertEquals([body.total, body.total_pages, body.page], [totalAppointments, 2, 1]);
  assertEquals(body.results.length, 50);
  const first = body.results[0];
  assertEquals(first, {
    id: summerLesson,
    start_time: "2027-03-29T14:00:00+02:00",
    end_time: "2027-03-29T15:30:00+02:00",
    date: "2027-03-29",
    time: "14:00",
    end_clock: "15:30",
    student_id: paul,
    student_name: "Paul Becker",
    instructor_id: bernd,
    instructor_name: "Bernd Zander",
    appointment_type: "driving_lesson",
    appointment_type_display: "Fahrstunde",
    type_display: "Fahrstunde",
    title: "",
    vehicle: "DO-AU 202",
    pickup_point: "Barop",
    transmission_type: "automatic",
    status: "pending",
    cancel_reason: "",
  });
  const starts = body.results.map((r: { start_time: string }) => Date.parse(r.start_time));
  assertEquals(starts, [...starts].sort((a, b) => b - a));

  const page2 = await json(admin, "/api/admin/appointments/?page=2&page_size=50");
  assertContract(listPageSchema(appointmentRowSchema), page2);
  assertEquals([page2.page, page2.results.length], [2, 6]);
  // The oldest lesson is last; the winter one shows its Berlin offset.
  const last = page2.results.at(-1);
  assertEquals([last.id, last.start_time, last.time], [
    winterLesson,
    "2026-12-10T14:00:00+01:00",
    "14:00",
  ]);
  const seen = new Set([...body.results, ...page2.results].map((r: { id: number }) => r.id));
  assertEquals(seen.size, totalAppointments);
});

Deno.test("the list sorts by every whitelisted key in both directions", async () => {
  const asc = await json(
    admin,
    "/api/admin/appointments/?sort_by=student_name&sort_direction=asc&page_size=200",
  );
  // By last name (issue 25, point 6); a name without one by its first name.
  const names = asc.results.map((r: { student_name: string }) => r.student_name);
  assertEquals(names.filter((n: string, i: number) => names.indexOf(n) === i), [
    '=HYPERLINK("x")',
    "Paul Becker",
    "Anna Müller",
  ]);

  const byInstructor = await json(
    admin,
    "/api/admin/appointments/?sort_by=instructor_name&sort_direction=desc&page_size=5",
  );
  assertEquals(byInstructor.results[0].instructor_name, "Bernd Zander");

  const byVehicle = await json(
    admin,
    "/api/admin/appointments/?sort_by=vehicle&sort_direction=asc&page_size=5",
  );
  assertEquals(byVehicle.results.map((r: { vehicle: string }) => r.vehicle).slice(0, 3), [
    "DO-AU 202",
    "DO-FS 101",
    "DO-FS 101",
  ]);
  // Without a vehicle: last, in both directions.
  const vehicleDesc = await json(
    admin,
    "/api/admin/appointments/?sort_by=vehicle&sort_direction=desc&page_size=3",
  );
  assertEquals(vehicleDesc.results.map((r: { vehicle: string }) => r.vehicle), [
    "DO-FS 101",
    "DO-FS 101",
    "DO-AU 202",
  ]);

  const byStatus = await json(
    admin,
    "/api/admin/appointments/?sort_by=status&sort_direction=asc&page_size=1",
  );
  assertEquals(byStatus.results[0].id, cancelledLesson);
  const byTransmission = await json(
    admin,
    "/api/admin/appointments/?sort_by=transmission_type&sort_direction=asc&page_size=1",
  );
  assertEquals(byTransmission.results[0].id, summerLesson);
  const oldestFirst = await json(admin, "/api/admin/appointments/?sort_direction=asc&page_size=1");
  assertEquals(oldestFirst.results[0].id, winterLesson);
});

Deno.test("search finds students, instructors and vehicles, case-insensitively", async () => {
  const byStudent = await json(admin, "/api/admin/appointments/?search=m%C3%BCller");
  assertEquals(byStudent.results.map((r: { id: number }) => r.id), [winterLesson]);
  assertEquals([byStudent.total, byStudent.total_pages], [1, 1]);

  const byInstructor = await json(admin, "/api/admin/appointments/?search=ingrid%20lehrer");
  assertEquals(byInstructor.total, 3);

  const byVehicle = await json(admin, "/api/admin/appointments/?search=do-au");
  assertEquals(byVehicle.results.map((r: { id: number }) => r.id), [summerLesson]);

  // LIKE wildcards are taken literally.
  const wildcard = await json(admin, "/api/admin/appointments/?search=%25");
  assertEquals([wildcard.total, wildcard.results, wildcard.total_pages], [0, [], 1]);
});

Deno.test("bad list parameters answer 400 with German messages", async () => {
  const cases: [string, string][] = [
    ["sort_by=password_hash", "Nach „password_hash“ kann nicht sortiert werden."],
    ["sort_direction=up", "Die Sortierrichtung muss „asc“ oder „desc“ sein."],
    ["page=0", "Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben."],
    ["page=abc", "Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben."],
    ["page_size=500", "Ungültige Seitengröße: Bitte eine ganze Zahl von 1 bis 200 angeben."],
    [`search=${"x".repeat(101)}`, "Der Suchbegriff darf höchstens 100 Zeichen lang sein."],
  ];
  for (const [query, message] of cases) {
    const res = await admin.get(`/api/admin/appointments/?${query}`);
    const body = await res.json();
    assertEquals([res.status, body.error, body.code], [400, message, "validation_failed"], query);
  }
  const badRange = await admin.get("/api/admin/appointments/export/excel/?from=2026-02-30");
  assertEquals(
    [badRange.status, (await badRange.json()).error],
    [400, "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
  );
  const reversed = await admin.get(
    "/api/admin/appointments/export/ical/?from=2026-12-10&to=2026-12-01",
  );
  assertEquals(
    [reversed.status, (await reversed.json()).error],
    [400, "Das Von-Datum darf nicht nach dem Bis-Datum liegen."],
  );
});

const routes = [
  "/api/admin/appointments/",
  "/api/admin/appointments/export/excel/",
  "/api/admin/appointments/export/pdf/",
  "/api/admin/appointments/export/ical/",
];

Deno.test("students and instructors get 403, anonymous callers 401, on every route", async () => {
  const student = t.client();
  await student.login("anna");
  const instructor = t.client();
  await instructor.login("ingrid");
  const anonymous = t.client();
  for (const path of routes) {
    assertEquals((await student.get(path)).status, 403, `student ${path}`);
    assertEquals((await instructor.get(path)).status, 403, `instructor ${path}`);
    assertEquals((await anonymous.get(path)).status, 401, `anonymous ${path}`);
  }
});

async function download(path: string, type: string, fileName: string) {
  const res = await admin.get(path);
  assertEquals(res.status, 200, await res.clone().text());
  assert(res.headers.get("Content-Type")!.startsWith(type), res.headers.get("Content-Type")!);
  assertEquals(res.headers.get("Content-Disposition"), `attachment; filename="${fileName}"`);
  return new Uint8Array(await res.arrayBuffer());
}

Deno.test("the Excel export is a real workbook with German headers and neutralised text", async () => {
  // The list's sort (here oldest first) is the workbook's order.
  const bytes = await download(
    "/api/admin/appointments/export/excel/?sort_by=start_time&sort_direction=asc&from=",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "fahrplan-termine.xlsx",
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const sheet = workbook.getWorksheet("Termine")!;
  assertEquals((sheet.getRow(1).values as unknown[]).slice(1), [
    "Datum",
    "Uhrzeit",
    "Fahrschüler",
    "Fahrlehrer",
    "Typ",
    "Fahrzeug",
    "Getriebe",
    "Status",
    "Stornogrund",
  ]);
  assertEquals(sheet.rowCount, 1 + totalAppointments);
  // The winter lesson, then the formula student's lesson.
  const first = sheet.getRow(2);
  assertEquals((first.getCell(1).value as Date).toISOString(), "2026-12-10T00:00:00.000Z");
  assertEquals(first.getCell(1).numFmt, "dd.mm.yyyy");
  assertEquals((first.values as unknown[]).slice(2), [
    "14:00–14:45",
    "Anna Müller",
    "Ingrid Lehrer",
    "Fahrstunde",
    "DO-FS 101",
    "Schaltgetriebe",
    "Bestätigt",
  ]);
  const formula = sheet.getRow(3);
  assertEquals(formula.getCell(3).value, '\'=HYPERLINK("x")');
  assertEquals(formula.getCell(3).type, ExcelJS.ValueType.String);
  // No vehicle: an empty cell.
  assertEquals(formula.getCell(6).value, null);
  assertEquals(sheet.getRow(4).getCell(8).value, "Storniert");
  assertEquals(sheet.getRow(1 + totalAppointments).getCell(8).value, "Ausstehend");
  assertEquals(sheet.getRow(1 + totalAppointments).getCell(7).value, "Automatik");

  // ?from=&to= narrows to Berlin days, both inclusive.
  const december = await download(
    "/api/admin/appointments/export/excel/?from=2026-12-10&to=2026-12-11",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "fahrplan-termine.xlsx",
  );
  const small = new ExcelJS.Workbook();
  await small.xlsx.load(december.buffer as ArrayBuffer);
  assertEquals(small.getWorksheet("Termine")!.rowCount, 3);
});

/** The text of a PDF, all pages, as PDF.js reads it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n");
}

Deno.test("the PDF export is one landscape week plan per instructor and week", async () => {
  const bytes = await download(
    "/api/admin/appointments/export/pdf/?from=2026-12-07&to=2026-12-13",
    "application/pdf",
    "fahrplan-wochenplan.pdf",
  );
  const raw = new TextDecoder("latin1").decode(bytes);
  assert(raw.startsWith("%PDF-"), raw.slice(0, 10));
  // Landscape A4: the media box is wider than high.
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(raw)!;
  assert(Number(box[1]) > Number(box[2]), box[0]);
  assertEquals(raw.match(/\/Type \/Page\b/g)?.length, 1);
  const text = await pdfText(bytes);
  assert(text.includes("Wochenplan Ingrid Lehrer – KW 50"), "title with KW 50");
  assert(text.includes("Anna Müller"), "student name in the grid");
  assert(text.includes("Seite 1 von 1"));
  // The cancelled lesson of Paul that week is not on the plan.
  assert(!text.includes("Paul Becker"), "cancelled lesson left out");

  const spring = await pdfText(
    await download(
      "/api/admin/appointments/export/pdf/?from=2027-01-01&to=2027-03-31",
      "application/pdf",
      "fahrplan-wochenplan.pdf",
    ),
  );
  // Bernd: four January weeks (4.1.-29.1.) and the week of 29 March (KW 13).
  for (const week of [1, 2, 3, 4, 13]) {
    assert(spring.includes(`Wochenplan Bernd Zander – KW ${week} `), `KW ${week}`);
  }
  assert(spring.includes("Seite 5 von 5"));

  // No lessons in the range: still a PDF, with one page that says so.
  const none = await download(
    "/api/admin/appointments/export/pdf/?from=2030-01-01&to=2030-01-31",
    "application/pdf",
    "fahrplan-wochenplan.pdf",
  );
  assertEquals(new TextDecoder("latin1").decode(none).match(/\/Type \/Page\b/g)?.length, 1);
  assert((await pdfText(none)).includes("Keine anstehenden Termine im gewählten Zeitraum."));
});

Deno.test("the PDF without a range shows only the coming lessons", async () => {
  const today = schoolDay();
  const earlier = await insertUser(t.sql, {
    username: "frueher",
    role: "student",
    first_name: "Vera",
    last_name: "Vergangen",
  });
  const later = await insertUser(t.sql, {
    username: "spaeter",
    role: "student",
    first_name: "Kai",
    last_name: "Kommend",
  });
  const past = await addAppointment({
    student: earlier,
    instructor: bernd,
    day: addDays(today, -3),
    start: "12:00",
  });
  const coming = await addAppointment({
    student: later,
    instructor: bernd,
    day: addDays(today, 1),
    start: "12:00",
  });
  try {
    const text = await pdfText(
      await download(
        "/api/admin/appointments/export/pdf/",
        "application/pdf",
        "fahrplan-wochenplan.pdf",
      ),
    );
    assert(text.includes("Kai Kommend"), "tomorrow's lesson is on the plan");
    assert(!text.includes("Vera Vergangen"), "a past lesson is not");
  } finally {
    await t.sql`delete from appointments where id in (${past}, ${coming})`;
  }
});

Deno.test("the iCal export has one event per lesson on the school's wall clock (TZID Europe/Berlin)", async () => {
  const bytes = await download(
    "/api/admin/appointments/export/ical/?from=",
    "text/calendar",
    "fahrplan-termine.ics",
  );
  const ics = new TextDecoder().decode(bytes).replace(/\r\n[ \t]/g, "");
  const events = ics.split("BEGIN:VEVENT").slice(1).map((block) => {
    const fields = new Map<string, string>();
    for (const line of block.split(/\r\n/)) {
      const colon = line.indexOf(":");
      if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1));
    }
    return fields;
  });
  // Every appointment; the cancelled one as CANCELLED, so calendars drop it.
  assertEquals(events.length, totalAppointments);
  const byUid = new Map(events.map((e) => [e.get("UID"), e]));
  assertEquals(byUid.get(`appointment-${cancelledLesson}@fahrplan`)!.get("STATUS"), "CANCELLED");

  const winter = byUid.get(`appointment-${winterLesson}@fahrplan`)!;
  // Bound to the file's VTIMEZONE, as the calendar feed writes it: 14:00 stays 14:00.
  assertEquals(winter.get("DTSTART;TZID=Europe/Berlin"), "20261210T140000");
  assertEquals(winter.get("DTEND;TZID=Europe/Berlin"), "20261210T144500");
  assertEquals(winter.get("SUMMARY"), "Fahrstunde: Anna Müller mit Ingrid Lehrer");
  assertEquals(winter.get("STATUS"), "CONFIRMED");

  const summer = byUid.get(`appointment-${summerLesson}@fahrplan`)!;
  // Summer time: the same wall clock, the zone's rules say it is 12:00 UTC.
  assertEquals(summer.get("DTSTART;TZID=Europe/Berlin"), "20270329T140000");
  assertEquals(summer.get("DTEND;TZID=Europe/Berlin"), "20270329T153000");
  assertEquals(summer.get("SUMMARY"), "Fahrstunde: Paul Becker mit Bernd Zander");
  assertEquals(summer.get("STATUS"), "TENTATIVE");
  assert(byUid.has(`appointment-${formulaLesson}@fahrplan`));

  // The UID of an appointment stays the same from export to export.
  const again = new TextDecoder().decode(
    await download(
      allDays("/api/admin/appointments/export/ical/"),
      "text/calendar",
      "fahrplan-termine.ics",
    ),
  );
  assert(again.includes(`UID:appointment-${winterLesson}@fahrplan`));

  // An empty range is still a valid calendar.
  const empty = new TextDecoder().decode(
    await download(
      "/api/admin/appointments/export/ical/?from=2030-01-01&to=2030-01-31",
      "text/calendar",
      "fahrplan-termine.ics",
    ),
  );
  assert(empty.startsWith("BEGIN:VCALENDAR") && empty.trim().endsWith("END:VCALENDAR"));
  assert(!empty.includes("BEGIN:VEVENT"));
});
