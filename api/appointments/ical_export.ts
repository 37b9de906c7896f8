import { createEvents, type EventAttributes } from "ics";
import type { AppointmentRow } from "./appointment_rows.ts";
import { transmissionLabel } from "../../common/german_words.ts";

/** The file name of the calendar export. */
export const icalFileName = "fahrplan-termine.ics";

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
    const size = encoder.encode(ch).length;
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

/**
 * The ics package writes the calendar (escaping, UTC times, DTSTAMP) but folds after 75
 * characters, so a line of umlauts gets more than the 75 octets RFC 5545 allows and a fold may
 * split a UTF-8 sequence: its folds are undone (§3.1 unfolding) and made again by octets.
 */
export function refold(calendar: string): string {
  const lines = calendar.replace(/\r\n[ \t]/g, "").split(/\r\n/).filter(Boolean);
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

function event(row: AppointmentRow): EventAttributes {
  // start_time carries its Berlin offset, so Date.parse gives the true instant; writing it as
  // UTC (…Z) makes every calendar show 14:00 Berlin as 14:00 in winter and in summer alike.
  const details = [
    `Fahrschüler: ${row.student_name}`,
    `Fahrlehrer: ${row.instructor_name}`,
    `Getriebe: ${transmissionLabel(row.transmission_type)}`,
    row.vehicle ? `Fahrzeug: ${row.vehicle}` : "",
    row.pickup_point ? `Treffpunkt: ${row.pickup_point}` : "",
  ].filter(Boolean);
  return {
    uid: `appointment-${row.id}@fahrplan`,
    start: Date.parse(row.start_time),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(row.end_time),
    endInputType: "utc",
    endOutputType: "utc",
    title: `${row.appointment_type_display}: ${row.student_name} mit ${row.instructor_name}`,
    description: details.join("\n"),
    // Where the lesson starts, the place a phone's calendar should show (not the car).
    location: row.pickup_point ?? undefined,
    status: row.status === "cancelled"
      ? "CANCELLED"
      : row.status === "pending"
      ? "TENTATIVE"
      : "CONFIRMED",
    busyStatus: "BUSY",
    categories: [row.appointment_type_display],
  };
}

/**
 * An .ics calendar (RFC 5545: CRLF line ends, lines folded by octets, UTC times, UID and DTSTAMP
 * per event) with one VEVENT per given appointment; a cancelled one is STATUS:CANCELLED, so a
 * calendar that imported it before shows the cancellation.
 */
export function appointmentsCalendar(rows: AppointmentRow[]): string {
  const header = { productId: "-//Fahrplan//Termine//DE", calName: "Fahrplan Termine" };
  if (rows.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid file to import.
    return refold([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      `PRODID:${header.productId}`,
      "METHOD:PUBLISH",
      `X-WR-CALNAME:${header.calName}`,
      "END:VCALENDAR",
    ].join("\r\n"));
  }
  const { error, value } = createEvents(rows.map(event), header);
  if (error || !value) throw error ?? new Error("ics produced no calendar");
  return refold(value);
}
