/**
 * The calendar subscription (issue 23) on real Postgres: the private address, its renewal, and
 * the feed itself read back with ical.js (RFC 5545: UTC times, UID, SEQUENCE, STATUS, TRANSP).
 */
import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";

const t = await createTestApp("calendar_feed");
await insertUser(t.sql, { username: "chef", role: "admin" });
const student = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  last_name: "Lernt",
});
const otherStudent = await insertUser(t.sql, {
  username: "max",
  role: "student",
  first_name: "Max",
  last_name: "Anders",
});
const instructor = await insertUser(t.sql, {
  username: "otto",
  role: "instructor",
  first_name: "Otto",
  last_name: "Lehrer",
});
const otherInstructor = await insertUser(t.sql, {
  username: "ida",
  role: "instructor",
  first_name: "Ida",
  last_name: "Fremd",
});
await t
  .sql`update student_profiles set start_location = 'Bahnhof, Gleis 1' where user_id = ${student}`;

const lenaSummer = await insertAppointment(t.sql, {
  student,
  instructor,
  day: "2030-07-02",
  start: "14:00",
});
const lenaWinter = await insertAppointment(t.sql, {
  student,
  instructor,
  day: "2030-12-03",
  start: "09:00",
  transmission: "automatic",
});
const lenaCancelled = await insertAppointment(t.sql, {
  student,
  instructor: otherInstructor,
  day: "2030-07-04",
  start: "08:00",
  status: "cancelled",
});
const maxWithOtto = await insertAppointment(t.sql, {
  student: otherStudent,
  instructor,
  day: "2030-07-02",
  start: "16:00",
});
const maxWithIda = await insertAppointment(t.sql, {
  student: otherStudent,
  instructor: otherInstructor,
  day: "2030-07-05",
  start: "10:00",
});

Deno.test.afterAll?.(() => t.close());

async function signedIn(username: string): Promise<TestClient> {
  const client = t.client();
  await client.login(username);
  return client;
}

async function feedUrl(client: TestClient): Promise<string> {
  const res = await client.get("/api/my-calendar-feed/");
  assertEquals(res.status, 200);
  return (await res.json()).url;
}

/** The feed as a visitor without any session fetches it (a phone's calendar app). */
async function fetchFeed(url: string): Promise<Response> {
  return await t.client().get(new URL(url).pathname);
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // As a calendar app does: the zone the feed carries decides what its local times mean.
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((v) => ({
      vevent: v,
      event: new ICAL.Event(v),
    })),
  };
}

Deno.test("my-calendar-feed: one private address per person, at least 128 random bits", async () => {
  const lena = await signedIn("lena");
  const url = await feedUrl(lena);
  const match = /^http:\/\/localhost\/api\/calendar\/([0-9a-f]+)\.ics$/.exec(url);
  assert(match, url);
  assert(match[1].length * 4 >= 128, "at least 128 bits");
  assertEquals(await feedUrl(lena), url, "the same address on every call");
  const otto = await signedIn("otto");
  assert((await feedUrl(otto)) !== url, "each person has their own");
  assertEquals((await t.client().get("/api/my-calendar-feed/")).status, 401);
  // The office has no lessons of its own: no address that would only ever be empty.
  const admin = await signedIn("chef");
  const refused = await admin.get("/api/my-calendar-feed/");
  assertEquals(refused.status, 403);
  assertEquals(
    (await refused.json()).error,
    "Ein Kalender-Abo gibt es nur für Fahrlehrer und Fahrschüler.",
  );
  assertEquals((await admin.post("/api/my-calendar-feed/renew/")).status, 403);
});

Deno.test("the feed needs no session and holds the student's lessons and nobody else's", async () => {
  const url = await feedUrl(await signedIn("lena"));
  const res = await fetchFeed(url);
  assertEquals(res.status, 200);
  assert(res.headers.get("Content-Type")!.startsWith("text/calendar"));
  const text = await res.text();
  assert(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75));
  assert(text.endsWith("\r\n") && !/[^\r]\n/.test(text), "CRLF line ends");
  const { calendar, events: found } = events(text);
  assertEquals(calendar.getFirstPropertyValue("version"), "2.0");
  assertEquals(
    found.map((e) => e.event.uid).sort(),
    [lenaSummer, lenaWinter, lenaCancelled].map((id) => `appointment-${id}@fahrplan`).sort(),
  );

  const summer = found.find((e) => e.event.uid === `appointment-${lenaSummer}@fahrplan`)!;
  // 14:00 in Berlin in July is 12:00 UTC (summer time), 09:00 in December is 08:00 UTC.
  assertEquals(summer.event.startDate.zone.tzid, "Europe/Berlin");
  assertEquals(summer.event.startDate.toJSDate().toISOString(), "2030-07-02T12:00:00.000Z");
  assertEquals(summer.event.endDate.toJSDate().toISOString(), "2030-07-02T12:45:00.000Z");
  const winter = found.find((e) => e.event.uid === `appointment-${lenaWinter}@fahrplan`)!;
  assertEquals(winter.event.startDate.toJSDate().toISOString(), "2030-12-03T08:00:00.000Z");
  assertEquals(summer.event.summary, "Fahrstunde mit Otto Lehrer");
  assertEquals(summer.event.location, "Bahnhof, Gleis 1");
  assertEquals(summer.vevent.getFirstPropertyValue("status"), "CONFIRMED");
  const cancelled = found.find((e) => e.event.uid === `appointment-${lenaCancelled}@fahrplan`)!;
  assertEquals(cancelled.vevent.getFirstPropertyValue("status"), "CANCELLED");
  // The school's wall clock bound to the feed's VTIMEZONE (issue 23), as the person was told.
  assert(text.includes(`\r\nDTSTART;TZID=Europe/Berlin:20300702T140000\r\n`));
  assert(text.includes(`\r\nDTSTART;TZID=Europe/Berlin:20301203T090000\r\n`));
  assertEquals(text.split("BEGIN:VTIMEZONE").length, 2);
  assertEquals(cancelled.vevent.getFirstPropertyValue("transp"), "TRANSPARENT");
  assertEquals(summer.vevent.getFirstPropertyValue("transp"), "OPAQUE");
  // Calendar apps look again hourly (Apple and Outlook read these, Google its own).
  assert(text.includes("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n"));
  assert(text.includes("\r\nX-PUBLISHED-TTL:PT1H\r\n"));
});

Deno.test("an instructor's feed holds their lessons with every student, nobody else's", async () => {
  const url = await feedUrl(await signedIn("otto"));
  const { events: found } = events(await (await fetchFeed(url)).text());
  assertEquals(
    found.map((e) => e.event.uid).sort(),
    [lenaSummer, lenaWinter, maxWithOtto].map((id) => `appointment-${id}@fahrplan`).sort(),
  );
  assert(!found.some((e) => e.event.uid === `appointment-${maxWithIda}@fahrplan`));
  const lesson = found.find((e) => e.event.uid === `appointment-${maxWithOtto}@fahrplan`)!;
  assertEquals(lesson.event.summary, "Fahrstunde mit Max Anders");
});

Deno.test("SEQUENCE rises with every change of a lesson; a cancelled one is STATUS:CANCELLED", async () => {
  const url = await feedUrl(await signedIn("max"));
  const sequenceOf = async () => {
    const { events: found } = events(await (await fetchFeed(url)).text());
    const e = found.find((x) => x.event.uid === `appointment-${maxWithIda}@fahrplan`)!;
    return {
      sequence: Number(e.vevent.getFirstPropertyValue("sequence")),
      status: String(e.vevent.getFirstPropertyValue("status")),
    };
  };
  assertEquals(await sequenceOf(), { sequence: 0, status: "CONFIRMED" });
  await t.sql`update appointments set starts_at = starts_at + interval '1 hour',
              ends_at = ends_at + interval '1 hour' where id = ${maxWithIda}`;
  assertEquals((await sequenceOf()).sequence, 1);
  await t.sql`update appointments set updated_at = now() where id = ${maxWithIda}`;
  assertEquals((await sequenceOf()).sequence, 1, "touching nothing a calendar shows is no change");
  const admin = await signedIn("chef");
  const res = await admin.post(`/api/admin/appointments/${maxWithIda}/cancel/`, {
    reason: "Fahrzeug in der Werkstatt",
  });
  assertEquals(res.status, 200);
  assertEquals(await sequenceOf(), { sequence: 2, status: "CANCELLED" });
});

Deno.test("renew: a new address, the old one answers 404 at once", async () => {
  const lena = await signedIn("lena");
  const old = await feedUrl(lena);
  const res = await lena.post("/api/my-calendar-feed/renew/");
  assertEquals(res.status, 200);
  const renewed = (await res.json()).url;
  assert(renewed !== old);
  assertEquals(await feedUrl(lena), renewed);
  assertEquals((await fetchFeed(old)).status, 404);
  assertEquals((await fetchFeed(renewed)).status, 200);
  const noCsrf = await lena.post("/api/my-calendar-feed/renew/", {}, { "X-CSRFToken": "" });
  assertEquals(noCsrf.status, 403);
});

Deno.test("unknown or malformed tokens answer 404; an inactive person's feed too", async () => {
  assertEquals((await t.client().get(`/api/calendar/${"0".repeat(64)}.ics`)).status, 404);
  assertEquals((await t.client().get("/api/calendar/kurz.ics")).status, 404);
  const url = await feedUrl(await signedIn("otto"));
  await t.sql`update users set is_active = false where id = ${instructor}`;
  assertEquals((await fetchFeed(url)).status, 404);
  await t.sql`update users set is_active = true where id = ${instructor}`;
  assertEquals((await fetchFeed(url)).status, 200);
});

Deno.test("the office sees a person's address on the detail page (admin only)", async () => {
  const own = await feedUrl(await signedIn("lena"));
  const admin = await signedIn("chef");
  const res = await admin.get(`/api/admin/users/${student}/calendar-feed/`);
  assertEquals(res.status, 200);
  assertEquals((await res.json()).url, own);
  const lena = await signedIn("lena");
  assertEquals((await lena.get(`/api/admin/users/${student}/calendar-feed/`)).status, 403);
});
