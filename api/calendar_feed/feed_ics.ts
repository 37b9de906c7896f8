import { foldLine } from "../appointments/ical_export.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time_zone.ts";

/** One lesson of a person's feed, with its wall-clock times in the school's time zone. */
export interface FeedLesson {
  id: number;
  /** 'YYYYMMDDTHHMMSS' on the school's wall clock */
  start: string;
  end: string;
  /** 'YYYYMMDDTHHMMSSZ' */
  created: string;
  modified: string;
  sequence: number;
  status: "confirmed" | "pending" | "cancelled";
  summary: string;
  description: string;
  location: string;
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

/** A TEXT value escaped by RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const statusValue = { confirmed: "CONFIRMED", pending: "TENTATIVE", cancelled: "CANCELLED" };

function eventLines(lesson: FeedLesson, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    // The same UID as the office's .ics export: a lesson is one event wherever it came from.
    `UID:appointment-${lesson.id}@fahrplan`,
    `DTSTAMP:${stamp}`,
    `CREATED:${lesson.created}`,
    `LAST-MODIFIED:${lesson.modified}`,
    `SEQUENCE:${lesson.sequence}`,
    `DTSTART;TZID=${SCHOOL_TIME_ZONE}:${lesson.start}`,
    `DTEND;TZID=${SCHOOL_TIME_ZONE}:${lesson.end}`,
    `SUMMARY:${escapeText(lesson.summary)}`,
    `STATUS:${statusValue[lesson.status]}`,
    // A cancelled lesson no longer blocks the time in the person's calendar.
    `TRANSP:${lesson.status === "cancelled" ? "TRANSPARENT" : "OPAQUE"}`,
  ];
  if (lesson.description) lines.push(`DESCRIPTION:${escapeText(lesson.description)}`);
  if (lesson.location) lines.push(`LOCATION:${escapeText(lesson.location)}`);
  lines.push("END:VEVENT");
  return lines;
}

/**
 * A subscribable calendar (RFC 5545): CRLF line ends, lines folded by octets (the export's
 * foldLine), a VTIMEZONE for the school's zone and the lessons' times bound to it, so a lesson at
 * 14:00 stays at 14:00 across the change to summer time.
 */
export function feedCalendar(lessons: FeedLesson[], options: { name: string; now?: Date }) {
  const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace(
    /\.\d{3}/,
    "",
  );
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Fahrplan//Kalender-Abo//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${SCHOOL_TIME_ZONE}`,
    // How often a calendar app should look again (Apple and Outlook read these, Google its own).
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...berlinTimezone,
    ...lessons.flatMap((lesson) => eventLines(lesson, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
