import ICAL from "ical.js";
import { assert, assertEquals } from "../testing/assert.ts";
import { feedCalendar, type FeedLesson } from "./feed_ics.ts";
import { escapeText } from "../lib/ics_calendar.ts";

const lesson: FeedLesson = {
  id: 9,
  start: "20270328T013000",
  end: "20270328T031500",
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

Deno.test("the feed survives ical.js with every special character, times bound to Berlin", () => {
  const text = feedCalendar([lesson], { name: "Fahrplan – Zoë", now: new Date("2027-03-01") });
  assert(text.includes("DTSTAMP:20270301T000000Z\r\n"));
  for (const line of text.split("\r\n")) {
    assert(new TextEncoder().encode(line).length <= 75, line);
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
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
});
