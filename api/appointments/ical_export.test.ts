import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { appointmentsCalendar } from "./ical_export.ts";
import { foldLine } from "../lib/ics_calendar.ts";
import type { ExportRow } from "./export_rows.ts";

const octets = (text: string) => new TextEncoder().encode(text).length;

Deno.test("folding keeps every line within 75 octets and never splits a character", () => {
  // Two-, three- and four-byte characters across every possible fold position.
  for (const filler of ["ä", "€", "𝄞", "aä", "a€b"]) {
    for (let prefix = 0; prefix < 4; prefix++) {
      const line = `SUMMARY:${"x".repeat(prefix)}${filler.repeat(60)}`;
      const folded = foldLine(line);
      const parts = folded.split("\r\n");
      assert(parts.length > 1, "folded");
      for (const part of parts) assert(octets(part) <= 75, `${octets(part)} octets: ${part}`);
      assert(parts.slice(1).every((p) => p.startsWith(" ")), "continuations start with a space");
      // Unfolding (RFC 5545 §3.1: remove CRLF + one space) gives the line back.
      assertEquals(folded.replace(/\r\n /g, ""), line);
    }
  }
  assertEquals(foldLine("UID:kurz"), "UID:kurz");
});

Deno.test("text values are escaped and survive a round trip through ical.js", () => {
  const row: ExportRow = {
    id: 7,
    start_time: "2027-03-28T01:30:00+01:00",
    end_time: "2027-03-28T03:15:00+02:00",
    date: "2027-03-28",
    time: "01:30",
    end_clock: "03:15",
    student_id: 1,
    student_name: "Zoë; Smith, Jr. \\ Ærø",
    instructor_id: 2,
    instructor_name: "Łukasz Wójcik",
    appointment_type: "driving_lesson",
    appointment_type_display: "Fahrstunde",
    type_display: "Fahrstunde",
    title: "",
    vehicle: "DO-ÄÖ 1",
    pickup_point: "Lüdo Bus Bhf., Ecke Süd",
    transmission_type: "automatic",
    status: "pending",
    cancel_reason: "",
    notes: "Brille; Ausweis, Geld\nmitbringen",
    sequence: 2,
    created: "20270301T100000Z",
    modified: "20270302T100000Z",
  };
  const text = appointmentsCalendar([row]);
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  assertEquals(event.summary, "Fahrstunde: Zoë; Smith, Jr. \\ Ærø mit Łukasz Wójcik");
  // LOCATION is where the student is picked up (issue 22), the car goes to the description.
  assertEquals(event.location, "Lüdo Bus Bhf., Ecke Süd");
  assert(event.description.includes("Fahrzeug: DO-ÄÖ 1"));
  assert(event.description.includes("Treffpunkt: Lüdo Bus Bhf., Ecke Süd"));
  assert(event.description.endsWith("Notiz: Brille; Ausweis, Geld\nmitbringen"));
  assertEquals(event.sequence, 2);
  assertEquals(vevent.getFirstPropertyValue("last-modified")?.toString(), "2027-03-02T10:00:00Z");
  // The night the clocks go forward: 01:30 CET = 00:30 UTC, 03:15 CEST = 01:15 UTC.
  assertEquals(event.startDate.toJSDate().toISOString(), "2027-03-28T00:30:00.000Z");
  assertEquals(event.endDate.toJSDate().toISOString(), "2027-03-28T01:15:00.000Z");
  assertEquals(vevent.getFirstPropertyValue("status"), "TENTATIVE");
  assert(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/.test(text), "DTSTAMP in UTC");
  assertEquals(calendar.getFirstPropertyValue("version"), "2.0");
  // As the calendar feed writes it: the school's wall clock bound to the file's VTIMEZONE.
  assert(text.includes("\r\nDTSTART;TZID=Europe/Berlin:20270328T013000\r\n"), "DTSTART");
  assert(text.includes("\r\nDTEND;TZID=Europe/Berlin:20270328T031500\r\n"), "DTEND");
});
