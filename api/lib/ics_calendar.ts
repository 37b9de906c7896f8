import { createEvents, type EventAttributes } from "ics";
import { SCHOOL_TIME_ZONE, schoolIso } from "../../common/time.ts";
import { yieldToEventLoop } from "./event_loop.ts";

/**
 * The one .ics writer of the app (RFC 5545), for the office's export and the people's calendar
 * feed alike. The `ics` package writes the text (the stack's choice for iCal); around
 * it this module folds lines by octets, adds the feed's refresh lines and calls the package a
 * piece at a time so a long calendar does not hold the server. Times are the school's wall clock
 * bound to a VTIMEZONE for Europe/Berlin (issue 23: a lesson at 14:00 stays at 14:00 in every
 * calendar app); per event UID, DTSTAMP, CREATED, LAST-MODIFIED and SEQUENCE let a calendar that
 * imported a lesson before take the changed one over the old.
 */

/** One lesson as a calendar event. */
export interface CalendarEvent {
  id: number;
  /** An instant in ISO 8601 with its offset: '2026-12-10T14:00:00+01:00' or '…Z' */
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

const statusValue = {
  confirmed: "CONFIRMED",
  pending: "TENTATIVE",
  cancelled: "CANCELLED",
} as const;

/** A lone CR becomes a line break: the package escapes CRLF and LF only, a bare CR ends a line. */
const plain = (text: string) => text.replace(/\r\n?/g, "\n");

/** A lesson in the package's terms. */
function attributes(event: CalendarEvent, stamp: number): EventAttributes & { timestamp: number } {
  return {
    // The same UID in the office's export and the feed: a lesson is one event wherever it came from.
    uid: `appointment-${event.id}@fahrplan`,
    // DTSTAMP: the package's `timestamp` (in its schema and defaults, not in its typings), one
    // value for the whole file instead of the package's Date.now() per event.
    timestamp: stamp,
    // The package writes a string time as given; zoneBound() adds the TZID parameter after it.
    start: wallClock(event.start),
    end: wallClock(event.end),
    created: event.created,
    lastModified: event.modified,
    sequence: event.sequence,
    title: plain(event.summary),
    status: statusValue[event.status],
    // A cancelled lesson no longer blocks the time in the calendar.
    transp: event.status === "cancelled" ? "TRANSPARENT" : "OPAQUE",
    description: plain(event.description) || undefined,
    location: plain(event.location) || undefined,
    // The package joins categories with commas but does not escape them.
    categories: event.categories?.length ? event.categories.map(escapeText) : undefined,
  };
}

const footer = "END:VCALENDAR\r\n";

/** An instant as the school's wall clock in iCal's form: 'YYYYMMDDTHHMMSS'. */
function wallClock(instant: string): string {
  // '2027-03-29T14:00:00+02:00' -> '20270329T140000'
  return schoolIso(new Date(instant)).slice(0, 19).replace(/[-:]/g, "");
}

/**
 * The school's zone (RFC 5545 §3.6.5), written by hand because the package writes none: Germany
 * has kept the EU rule since 1996 (summer time from the last Sunday of March 02:00 to the last
 * Sunday of October 03:00). Calendar apps that know the zone by name use their own rules anyway.
 */
const vtimezone = [
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
].join("\r\n") + "\r\n";

/** The package's floating DTSTART/DTEND lines bound to the school's zone. */
function zoneBound(text: string): string {
  return text.replace(
    /(^|\n)(DTSTART|DTEND):(\d{8}T\d{6})(?=\r\n)/g,
    `$1$2;TZID=${SCHOOL_TIME_ZONE}:$3`,
  );
}

/** The package's text, or its validation errors as an exception. */
function packageText(result: { error: unknown; value: string | null }): string {
  if (result.error || result.value === null) {
    const error = result.error as { errors?: unknown } | null;
    throw new Error(`ics could not write the calendar: ${JSON.stringify(error?.errors ?? error)}`);
  }
  return result.value;
}

/**
 * The package folds by characters (an umlaut is two octets, so its lines grow past 75 octets)
 * and continues with a tab: its text unfolded and every line folded again by octets.
 */
function refold(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  lines.pop(); // the empty rest after the last CRLF
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** From BEGIN:VCALENDAR to before the first event. */
function headerText(header: CalendarHeader): string {
  const whole = packageText(createEvents([], {
    productId: header.productId,
    method: "PUBLISH",
    // The package escapes only line breaks in the name.
    calName: escapeText(header.name),
  }));
  // The one place the package's header is changed (besides the zone after it): it always writes X-PUBLISHED-TTL:PT1H and
  // cannot write REFRESH-INTERVAL. A feed gets both (Apple and Outlook read these, Google its
  // own); a downloaded file has nothing to refresh and gets neither.
  const refresh = header.refreshHourly
    ? "REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n"
    : "";
  const lines = whole.slice(0, -footer.length).replace(/X-PUBLISHED-TTL:[^\r]*\r\n/, "");
  return refold(lines + refresh) + vtimezone;
}

/** The VEVENT blocks of some events, cut out of the calendar the package writes for them. */
function eventsText(events: CalendarEvent[], stamp: number): string {
  const whole = packageText(createEvents(events.map((event) => attributes(event, stamp))));
  return refold(zoneBound(whole.slice(whole.indexOf("\r\nBEGIN:VEVENT\r\n") + 2, -footer.length)));
}

/**
 * The calendar in pieces of at most `eventsPerPart` items each, header first, end last; items
 * become events only when their piece is written, each piece by one call of the package.
 */
function* calendarParts<T>(
  items: readonly T[],
  toEvent: (item: T) => CalendarEvent,
  header: CalendarHeader,
  eventsPerPart: number,
): Generator<string> {
  const stamp = (header.now ?? new Date()).getTime();
  yield headerText(header);
  for (let i = 0; i < items.length; i += eventsPerPart) {
    yield eventsText(items.slice(i, i + eventsPerPart).map(toEvent), stamp);
  }
  yield footer;
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
