import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { feedCalendar, type FeedLesson } from "./feed_ics.ts";
import { escapeText } from "../lib/ics_calendar.ts";

const lesson: FeedLesson = {
  id: 9,
  // The night the clocks go forward: 01:30 CET and 03:15 CEST as instants.
  start: "2027-03-28T01:30:00+01:00",
  end: "2027-03-28T03:15:00+02:00",
  created: "20270301T100000Z",
  modified: "20270302T100000Z",
  sequence: 3,
  status: "pending",
  summary: "Fahrstunde mit Zoë; Smith, Jr. \\ Ærø",
  description: "Zeile 1\nZeile 2, mit Komma",
  location: "Lüdo Bus Bhf.; Ecke Süd",
};

Deno.test("escapeText follows RFC 5545 §3.3.11", () => {
  assertEquals(escapeText("a\\b;c,d\ne\r\nf"), "a\\\\b\\;c\\,d\\ne\\nf");
});

Deno.test("the feed survives ical.js with every special character, times bound to a VTIMEZONE", () => {
  const text = feedCalendar([lesson], { name: "Fahrplan – Zoë", now: new Date("2027-03-01") });
  assert(text.includes("DTSTAMP:20270301T000000Z\r\n"));
  for (const line of text.split("\r\n")) {
    assert(new TextEncoder().encode(line).length <= 75, line);
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  // As a calendar app does: the zone the file carries decides what its local times mean.
  const zone = calendar.getFirstSubcomponent("vtimezone")!;
  assertEquals(zone.getFirstPropertyValue("tzid"), "Europe/Berlin");
  ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  assertEquals(event.summary, lesson.summary);
  assertEquals(event.description, lesson.description);
  assertEquals(event.location, lesson.location);
  assertEquals(event.sequence, 3);
  assertEquals(vevent.getFirstPropertyValue("status"), "TENTATIVE");
  // The night the clocks go forward: 01:30 CET = 00:30 UTC, 03:15 CEST = 01:15 UTC.
  assertEquals(event.startDate.toJSDate().toISOString(), "2027-03-28T00:30:00.000Z");
  assertEquals(event.endDate.toJSDate().toISOString(), "2027-03-28T01:15:00.000Z");
  assertEquals(calendar.getFirstPropertyValue("x-wr-calname"), "Fahrplan – Zoë");
  // The school's wall clock, bound to the zone (RFC 5545 §3.2.19), as the office sees the lesson.
  assert(text.includes("\r\nDTSTART;TZID=Europe/Berlin:20270328T013000\r\n"), "DTSTART");
  assert(text.includes("\r\nDTEND;TZID=Europe/Berlin:20270328T031500\r\n"), "DTEND");
  assertEquals(text.split("BEGIN:VTIMEZONE").length, 2, "one VTIMEZONE");
  assert(text.indexOf("END:VTIMEZONE") < text.indexOf("BEGIN:VEVENT"), "zone before the events");
});

Deno.test("a cancelled lesson frees its time; long umlaut lines fold by octets; refresh hourly", () => {
  const reason = "Fahrzeug in der Werkstatt, Prüfung verschoben – Ärger über Öl ".repeat(3);
  const text = feedCalendar([
    { ...lesson, id: 10, status: "cancelled", description: `Storniert: ${reason}` },
    { ...lesson, id: 11, status: "confirmed", summary: "Überlandfahrt ".repeat(8) },
  ], { name: "Fahrplan – Zoë", now: new Date("2027-03-01") });
  const lines = text.split("\r\n");
  for (const line of lines) assert(new TextEncoder().encode(line).length <= 75, line);
  assert(lines.some((line) => line.startsWith(" ")), "folded");
  assert(!text.includes("\uFFFD") && !text.includes("\r\n\t"), "folds by octets with a space");
  // Written once, before the events.
  assertEquals(text.split("REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n").length, 2);
  assertEquals(text.split("X-PUBLISHED-TTL:PT1H\r\n").length, 2);
  assert(text.indexOf("REFRESH-INTERVAL") < text.indexOf("BEGIN:VEVENT"));
  const calendar = new ICAL.Component(ICAL.parse(text));
  const [gone, kept] = calendar.getAllSubcomponents("vevent");
  assertEquals(gone.getFirstPropertyValue("uid"), "appointment-10@fahrplan");
  assertEquals(gone.getFirstPropertyValue("status"), "CANCELLED");
  assertEquals(gone.getFirstPropertyValue("transp"), "TRANSPARENT");
  assertEquals(gone.getFirstPropertyValue("description"), `Storniert: ${reason}`);
  assertEquals(String(gone.getFirstPropertyValue("created")), "2027-03-01T10:00:00Z");
  assertEquals(String(gone.getFirstPropertyValue("last-modified")), "2027-03-02T10:00:00Z");
  assertEquals(kept.getFirstPropertyValue("transp"), "OPAQUE");
  assertEquals(kept.getFirstPropertyValue("summary"), "Überlandfahrt ".repeat(8));
  assertEquals(text.split("END:VCALENDAR").length, 2);
});
