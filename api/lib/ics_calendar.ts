import { SCHOOL_TIME_ZONE } from "../../common/time_zone.ts";
import { yieldToEventLoop } from "./event_loop.ts";

/**
 * The one .ics writer of the app (RFC 5545), for the office's export and the people's calendar
 * feed alike: CRLF line ends, lines folded by octets, a VTIMEZONE for the school's zone with the
 * lessons' times bound to it, and per event UID, DTSTAMP, CREATED, LAST-MODIFIED and SEQUENCE so
 * a calendar that imported a lesson before takes the changed one over the old.
 */

/** One lesson as a calendar event. */
export interface CalendarEvent {
  id: number;
  /** 'YYYYMMDDTHHMMSS' on the school's wall clock */
  start: string;
  end: string;
  /** 'YYYYMMDDTHHMMSSZ' */
  created: string;
  modified: string;
  /** Grows with every change of the appointment (migration 0042). */
  sequence: number;
  status: "confirmed" | "pending" | "cancelled";
  summary: string;
  description: string;
  /** Where the lesson starts (the student's Treffpunkt); '' for none. */
  location: string;
  categories?: string[];
}

/** What the calendar is called and who made it. */
export interface CalendarHeader {
  productId: string;
  name: string;
  /** Feeds tell calendar apps how often to look again; a downloaded file has nothing to refresh. */
  refreshHourly?: boolean;
  now?: Date;
}

const encoder = new TextEncoder();

/**
 * One content line folded after at most 75 octets (RFC 5545 §3.1): continuation lines start
 * with a space, which counts towards their 75; a character is never split between two lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = ch.charCodeAt(0) < 0x80 ? 1 : encoder.encode(ch).length;
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}

/** A TEXT value escaped by RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * The school's zone as RFC 5545 §3.6.5 wants it beside TZID-bound times: the EU rule since 1996
 * (last Sunday of March 02:00 -> CEST, last Sunday of October 03:00 -> CET). Apple and Google use
 * their own tz data by TZID; ical.js and stricter readers need this block.
 */
const berlinTimezone = [
  "BEGIN:VTIMEZONE",
  `TZID:${SCHOOL_TIME_ZONE}`,
  `X-LIC-LOCATION:${SCHOOL_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const statusValue = { confirmed: "CONFIRMED", pending: "TENTATIVE", cancelled: "CANCELLED" };

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    // The same UID in the office's export and the feed: a lesson is one event wherever it came from.
    `UID:appointment-${event.id}@fahrplan`,
    `DTSTAMP:${stamp}`,
    `CREATED:${event.created}`,
    `LAST-MODIFIED:${event.modified}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=${SCHOOL_TIME_ZONE}:${event.start}`,
    `DTEND;TZID=${SCHOOL_TIME_ZONE}:${event.end}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `STATUS:${statusValue[event.status]}`,
    // A cancelled lesson no longer blocks the time in the calendar.
    `TRANSP:${event.status === "cancelled" ? "TRANSPARENT" : "OPAQUE"}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.categories?.length) {
    lines.push(`CATEGORIES:${event.categories.map(escapeText).join(",")}`);
  }
  lines.push("END:VEVENT");
  return lines;
}

function headerLines(header: CalendarHeader): string[] {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${header.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(header.name)}`,
    `X-WR-TIMEZONE:${SCHOOL_TIME_ZONE}`,
    // How often a calendar app should look again (Apple and Outlook read these, Google its own).
    ...(header.refreshHourly
      ? ["REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H"]
      : []),
    ...berlinTimezone,
  ];
}

/** Lines folded and each ended by CRLF, as one piece of the file. */
function part(lines: string[]): string {
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/**
 * The calendar in pieces of at most `eventsPerPart` items each, header first, end last; items
 * become events only when their piece is written.
 */
function* calendarParts<T>(
  items: readonly T[],
  toEvent: (item: T) => CalendarEvent,
  header: CalendarHeader,
  eventsPerPart: number,
): Generator<string> {
  const stamp = (header.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace(
    /\.\d{3}/,
    "",
  );
  yield part(headerLines(header));
  for (let i = 0; i < items.length; i += eventsPerPart) {
    yield part(
      items.slice(i, i + eventsPerPart).flatMap((item) => eventLines(toEvent(item), stamp)),
    );
  }
  yield part(["END:VCALENDAR"]);
}

const asIs = (event: CalendarEvent) => event;

/** The whole calendar as text. */
export function calendarText(events: readonly CalendarEvent[], header: CalendarHeader): string {
  return [...calendarParts(events, asIs, header, Infinity)].join("");
}

/**
 * The calendar as a byte stream for a response body: a hundred events a piece, and between
 * two pieces the event loop serves other requests, so a year of lessons does not hold the server
 * (issue 24). The client's pace drives it: a piece is made when the last one was taken.
 */
export function calendarStream<T>(
  items: readonly T[],
  toEvent: (item: T) => CalendarEvent,
  header: CalendarHeader,
  options: { eventsPerPart?: number } = {},
): ReadableStream<Uint8Array> {
  const parts = calendarParts(items, toEvent, header, options.eventsPerPart ?? 100);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await yieldToEventLoop();
      const next = parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
