import ExcelJS from "exceljs";
import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { pdfPages } from "../testing/pdf_text.ts";
import { addDays, schoolDay } from "../../common/time.ts";
import type { AppointmentRow } from "../../common/contract/appointment_row.ts";
import { insertAppointment, type TestAppointment } from "../testing/insert_appointment.ts";

// Issue 11: the list's date range, its sort keys for time of day and type, the search folded for
// accents and special letters, and exports that hold exactly what the list shows.
const t = await createTestApp("appointments_filters");
await insertUser(t.sql, { username: "chefin", role: "admin" });
const joerg = await insertUser(t.sql, {
  username: "joerg",
  role: "instructor",
  first_name: "Jörg",
  last_name: "Weiß",
});
const lukasz = await insertUser(t.sql, {
  username: "lukasz",
  role: "instructor",
  first_name: "Łukasz",
  last_name: "Nowak",
});
const ayse = await insertUser(t.sql, {
  username: "ayse",
  role: "student",
  first_name: "Ayşe",
  last_name: "Yılmaz",
});
const renee = await insertUser(t.sql, {
  username: "renee",
  role: "student",
  first_name: "Renée",
  last_name: "Müller",
});
const bjorn = await insertUser(t.sql, {
  username: "bjorn",
  role: "student",
  first_name: "Bjørn",
  last_name: "Berg",
});
const [car] = await t.sql`
  insert into vehicles (name, transmission) values ('DO-ÖL 7', 'manual') returning id::int`;
// Ayşe is picked up in Eichlinghofen: her lessons carry it to the PDF and the .ics (issue 22).
await t.sql`update student_profiles set start_location = 'Eichlinghofen' where user_id = ${ayse}`;

const today = schoolDay();
const day = (offset: number) => addDays(today, offset);

/** Inserts one appointment at a Berlin wall-clock time; returns its id. */
const add = (a: TestAppointment) => insertAppointment(t.sql, a);

const past = await add({ student: ayse, instructor: joerg, day: day(-2), start: "10:00" });
// Just after midnight Berlin (still the previous day in UTC): belongs to day(1).
const midnight = await add({ student: renee, instructor: lukasz, day: day(1), start: "00:30" });
const ayseExam = await add({
  student: ayse,
  instructor: joerg,
  day: day(2),
  start: "14:00",
  minutes: 90,
  type: "exam",
  vehicle: car.id,
});
const ayseNight = await add({
  student: ayse,
  instructor: lukasz,
  day: day(3),
  start: "20:15",
  minutes: 90,
  type: "night",
});
const ayseCancelled = await add({
  student: ayse,
  instructor: joerg,
  day: day(4),
  start: "08:00",
  status: "cancelled",
});
const bjornLesson = await add({ student: bjorn, instructor: joerg, day: day(5), start: "09:30" });
const reneeLater = await add({ student: renee, instructor: joerg, day: day(40), start: "11:00" });
const upcoming = [midnight, ayseExam, ayseNight, ayseCancelled, bjornLesson, reneeLater];

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

async function list(query: string): Promise<{ total: number; results: AppointmentRow[] }> {
  const res = await admin.get(`/api/admin/appointments/?${query}`);
  assertEquals(res.status, 200, await res.clone().text());
  return await res.json();
}

const ids = (body: { results: AppointmentRow[] }) => body.results.map((r) => r.id);

Deno.test("the list starts today unless a range says otherwise; an empty Von shows all", async () => {
  const standard = await list("sort_direction=asc");
  assertEquals(ids(standard), upcoming);
  assertEquals(standard.total, upcoming.length);

  const all = await list("from=&sort_direction=asc");
  assertEquals(ids(all), [past, ...upcoming]);

  // Berlin days, both ends inclusive: the 00:30 lesson belongs to day(1).
  const window = await list(`from=${day(1)}&to=${day(3)}&sort_direction=asc`);
  assertEquals(ids(window), [midnight, ayseExam, ayseNight]);
  assertEquals(window.results[0].date, day(1));

  const onlyTo = await list(`from=&to=${day(-1)}`);
  assertEquals(ids(onlyTo), [past]);
});

Deno.test("the list sorts by time of day and by type in both directions", async () => {
  const byTime = await list("sort_by=time_of_day&sort_direction=asc");
  assertEquals(byTime.results.map((r) => r.time), [
    "00:30",
    "08:00",
    "09:30",
    "11:00",
    "14:00",
    "20:15",
  ]);
  const byTimeDesc = await list("sort_by=time_of_day&sort_direction=desc");
  assertEquals(ids(byTimeDesc), ids(byTime).reverse());

  // What the Typ column shows: "Fahrstunde" < "Nachtfahrt" < "Prüfung".
  const byType = await list("sort_by=appointment_type&sort_direction=asc");
  assertEquals(byType.results.map((r) => r.appointment_type_display), [
    "Fahrstunde",
    "Fahrstunde",
    "Fahrstunde",
    "Fahrstunde",
    "Nachtfahrt",
    "Prüfung",
  ]);
  const byTypeDesc = await list("sort_by=appointment_type&sort_direction=desc");
  assertEquals(byTypeDesc.results[0].id, ayseExam);
  assertEquals(byTypeDesc.results[1].id, ayseNight);

  const newest = await list("sort_by=start_time&sort_direction=desc");
  assertEquals(ids(newest), [...upcoming].reverse());
});

Deno.test("the search ignores accents and special letters on both sides", async () => {
  const cases: [string, number[]][] = [
    ["yilmaz", [ayseExam, ayseNight, ayseCancelled]],
    ["YILMAZ", [ayseExam, ayseNight, ayseCancelled]],
    ["Yılmaz", [ayseExam, ayseNight, ayseCancelled]],
    ["ayse", [ayseExam, ayseNight, ayseCancelled]],
    ["weiss", [ayseExam, ayseCancelled, bjornLesson, reneeLater]],
    ["weiß", [ayseExam, ayseCancelled, bjornLesson, reneeLater]],
    ["jorg", [ayseExam, ayseCancelled, bjornLesson, reneeLater]],
    ["joerg", [ayseExam, ayseCancelled, bjornLesson, reneeLater]],
    ["lukasz", [midnight, ayseNight]],
    ["muller", [midnight, reneeLater]],
    ["mueller", [midnight, reneeLater]],
    ["renee", [midnight, reneeLater]],
    ["bjorn", [bjornLesson]],
    // The vehicle: "DO-ÖL 7".
    ["do-ol", [ayseExam]],
    ["do-oel", [ayseExam]],
  ];
  for (const [search, expected] of cases) {
    const body = await list(`search=${encodeURIComponent(search)}&sort_direction=asc`);
    assertEquals(ids(body), expected, search);
    assertEquals(body.total, expected.length, search);
  }
  // Search and range together.
  const narrowed = await list(`search=yilmaz&from=${day(3)}&to=${day(10)}&sort_direction=asc`);
  assertEquals(ids(narrowed), [ayseNight, ayseCancelled]);
});

Deno.test("bad range and sort parameters answer 400 with German messages", async () => {
  const cases: [string, string][] = [
    ["from=2026-02-30", "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["to=morgen", "Bis: Bitte ein Datum im Format JJJJ-MM-TT angeben."],
    ["from=2026-12-10&to=2026-12-01", "Das Von-Datum darf nicht nach dem Bis-Datum liegen."],
    ["sort_by=starts_at", "Nach „starts_at“ kann nicht sortiert werden."],
  ];
  for (const path of ["", "export/excel/", "export/pdf/", "export/ical/"]) {
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/admin/appointments/${path}?${query}`);
      const body = await res.json();
      assertEquals([res.status, body.error], [400, message], `${path}?${query}`);
    }
  }
});

async function download(path: string): Promise<Uint8Array> {
  const res = await admin.get(`/api/admin/appointments/export/${path}`);
  assertEquals(res.status, 200, await res.clone().text());
  return new Uint8Array(await res.arrayBuffer());
}

async function sheetRows(bytes: Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const sheet = workbook.getWorksheet("Termine")!;
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** A list row as the Excel export writes it (date, time, student, instructor, type). */
function asSheetRow(row: AppointmentRow): unknown[] {
  const [y, m, d] = row.date.split("-").map(Number);
  return [
    new Date(Date.UTC(y, m - 1, d)),
    `${row.time}–${row.end_clock}`,
    row.student_name,
    row.instructor_name,
    row.appointment_type_display,
  ];
}

Deno.test("the Excel export holds exactly the rows the list shows, in its order", async () => {
  const queries = [
    "search=yilmaz",
    `search=weiss&from=${day(3)}&to=${day(60)}&sort_by=time_of_day&sort_direction=asc`,
    // Past lessons too: an export needs a closed range of at most a year (issue 24).
    `from=${day(-10)}&sort_by=student_name&sort_direction=asc`,
    "",
  ];
  for (const query of queries) {
    const shown = await list(`${query}&page_size=200`);
    const rows = await sheetRows(await download(`excel/?${query}`));
    assertEquals(rows.map((r) => r.slice(0, 5)), shown.results.map(asSheetRow), query);
  }
  // All pages, not only the first: a page size of 2 does not cut the export.
  const small = await list("page_size=2&page=1");
  assertEquals(small.total, upcoming.length);
  const everything = await sheetRows(await download("excel/?page_size=2&page=1"));
  assertEquals(everything.length, upcoming.length);
  // Searched: only Ayşe Yılmaz's lessons, the cancelled one with its status.
  const ayseRows = await sheetRows(await download("excel/?search=yilmaz"));
  assertEquals(ayseRows.map((r) => r[2]), ["Ayşe Yılmaz", "Ayşe Yılmaz", "Ayşe Yılmaz"]);
  assertEquals(ayseRows.map((r) => r[7]), ["Storniert", "Bestätigt", "Bestätigt"]);
});

Deno.test("the PDF prints every name as written and only the list's lessons", async () => {
  const bytes = await download(`pdf/?from=${day(1)}&to=${day(10)}`);
  const raw = new TextDecoder("latin1").decode(bytes);
  // The font is embedded (a subset of DejaVu Sans), not a reference to a built-in one.
  assert(/\/FontFile2\b/.test(raw), "embedded TrueType font");
  assert(raw.includes("DejaVuSans"), "DejaVu Sans");
  // About 100 KB a document: the fonts are subset by jspdf, not embedded whole (1.5 MB).
  assert(bytes.length < 400_000, `PDF size ${bytes.length}`);
  const text = (await pdfPages(bytes)).join("\n");
  for (const name of ["Ayşe Yılmaz", "Jörg Weiß", "Łukasz Nowak", "Renée Müller", "Bjørn Berg"]) {
    assert(text.includes(name), `${name} in:\n${text}`);
  }
  // A 90-minute box has room for the line with the pickup point and the vehicle.
  assert(text.includes("DO-ÖL 7"), "vehicle plate");
  assert(text.includes("Eichlinghofen"), "pickup point");
  assert(!text.includes("?"), "no replaced letters");

  // Searched: only Ayşe's lessons that take place; Renée and Bjørn are not in it.
  const searched = (await pdfPages(await download("pdf/?search=yilmaz"))).join("\n");
  assert(searched.includes("Ayşe Yılmaz"));
  assert(!searched.includes("Renée") && !searched.includes("Bjørn"), searched);
  // Past lessons only with an explicit range.
  const withPast = (await pdfPages(await download(`pdf/?from=&to=${day(-1)}`))).join("\n");
  assert(withPast.includes("Ayşe Yılmaz"), withPast);
  assert(!withPast.includes("Łukasz"), withPast);
});

/** The VEVENTs of an .ics file as Mozilla's ical.js parses it. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      stamp: vevent.getFirstPropertyValue("dtstamp"),
      status: String(vevent.getFirstPropertyValue("status")),
    };
  });
}

Deno.test("the .ics is valid RFC 5545 and holds the list's lessons at their instants", async () => {
  const bytes = await download(`ical/?from=${day(-10)}&sort_direction=asc`);
  const text = new TextDecoder().decode(bytes);
  // CRLF everywhere, no line longer than 75 octets, folds never split a UTF-8 sequence
  // (the decoder would show U+FFFD).
  assert(text.endsWith("\r\n"));
  assert(!/[^\r]\n/.test(text), "bare LF");
  const lines = text.split("\r\n").slice(0, -1);
  for (const line of lines) {
    assert(new TextEncoder().encode(line).length <= 75, `longer than 75 octets: ${line}`);
  }
  assert(!text.includes("\uFFFD"));
  assert(lines.some((line) => line.startsWith(" ")), "the long descriptions are folded");

  const events = parseEvents(text);
  const shown = await list(`from=${day(-10)}&page_size=200&sort_direction=asc`);
  // Cancelled lessons are sent as STATUS:CANCELLED, so a calendar that imported them before
  // shows the cancellation instead of keeping the lesson.
  const active = shown.results;
  assertEquals(events.map((e) => e.uid), active.map((r) => `appointment-${r.id}@fahrplan`));
  assertEquals(
    events.map((e) => e.status),
    active.map((r) => r.status === "cancelled" ? "CANCELLED" : "CONFIRMED"),
  );
  for (const [i, row] of active.entries()) {
    assertEquals(events[i].start, Date.parse(row.start_time), `start of ${row.id}`);
    assertEquals(events[i].end, Date.parse(row.end_time), `end of ${row.id}`);
    assert(events[i].stamp, "DTSTAMP");
  }
  const night = events.find((e) => e.uid === `appointment-${ayseNight}@fahrplan`)!;
  assertEquals(night.summary, "Nachtfahrt: Ayşe Yılmaz mit Łukasz Nowak");
  assertEquals(
    night.description,
    "Fahrschüler: Ayşe Yılmaz\nFahrlehrer: Łukasz Nowak\nGetriebe: Schaltgetriebe\n" +
      "Treffpunkt: Eichlinghofen",
  );
  assertEquals(night.location, "Eichlinghofen");
  const renees = events.find((e) => e.uid === `appointment-${midnight}@fahrplan`)!;
  assertEquals(renees.location, null, "no pickup point set: no LOCATION");
  const exam = events.find((e) => e.uid === `appointment-${ayseExam}@fahrplan`)!;
  assertEquals(exam.summary, "Prüfung: Ayşe Yılmaz mit Jörg Weiß");
  // 00:30 Berlin on day(1) is 23:30 UTC (winter) or 22:30 UTC (summer) of the day before.
  const early = events.find((e) => e.uid === `appointment-${midnight}@fahrplan`)!;
  assertEquals(early.start, Date.parse(shown.results.find((r) => r.id === midnight)!.start_time));

  // Searched and ranged like the list.
  const searched = parseEvents(
    new TextDecoder().decode(await download(`ical/?search=yilmaz&to=${day(3)}`)),
  );
  assertEquals(
    searched.map((e) => e.uid),
    [ayseNight, ayseExam].map((id) => `appointment-${id}@fahrplan`),
  );
});

Deno.test("name columns sort by last name, then first name (issue 25, point 6)", async () => {
  const students = await list("from=&sort_by=student_name&sort_direction=asc&page_size=200");
  const order = (names: string[]) => names.filter((n, i) => names.indexOf(n) === i);
  assertEquals(order(students.results.map((r) => r.student_name)), [
    "Bjørn Berg",
    "Renée Müller",
    "Ayşe Yılmaz",
  ]);
  const instructors = await list("from=&sort_by=instructor_name&sort_direction=desc&page_size=200");
  assertEquals(order(instructors.results.map((r) => r.instructor_name)), [
    "Jörg Weiß",
    "Łukasz Nowak",
  ]);
});
