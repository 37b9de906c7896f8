import type { CalendarEvent, CalendarHeader } from "../lib/ics_calendar.ts";
import { calendarStream, calendarText } from "../lib/ics_calendar.ts";
import { transmissionLabel } from "../../common/german_words.ts";
import type { ExportRow } from "./export_rows.ts";

/** The file name of the calendar export. */
export const icalFileName = "fahrplan-termine.ics";

const header: CalendarHeader = { productId: "-//Fahrplan//Termine//DE", name: "Fahrplan Termine" };

/**
 * An appointment as the office's calendar shows it (issue 25, point 8): LOCATION is where the
 * student is picked up, the car, the office's note and a cancellation's reason go into the
 * description.
 */
export function exportEvent(row: ExportRow): CalendarEvent {
  const details = [
    `Fahrschüler: ${row.student_name}`,
    `Fahrlehrer: ${row.instructor_name}`,
    `Getriebe: ${transmissionLabel(row.transmission_type)}`,
    row.vehicle ? `Fahrzeug: ${row.vehicle}` : "",
    row.pickup_point ? `Treffpunkt: ${row.pickup_point}` : "",
    row.notes.trim() ? `Notiz: ${row.notes.trim()}` : "",
    row.status === "cancelled" && row.cancel_reason ? `Storniert: ${row.cancel_reason}` : "",
  ].filter(Boolean);
  return {
    id: row.id,
    start: row.start_time,
    end: row.end_time,
    created: row.created,
    modified: row.modified,
    sequence: row.sequence,
    status: row.status,
    summary: `${row.appointment_type_display}: ${row.student_name} mit ${row.instructor_name}`,
    description: details.join("\n"),
    location: row.pickup_point ?? "",
    categories: [row.appointment_type_display],
  };
}

/** The export as text (one VEVENT per row; a cancelled one is STATUS:CANCELLED). */
export function appointmentsCalendar(rows: ExportRow[], now?: Date): string {
  return calendarText(rows.map(exportEvent), { ...header, now });
}

/** The export as a response body, written piece by piece (issue 24). */
export function appointmentsCalendarStream(rows: ExportRow[]): ReadableStream<Uint8Array> {
  return calendarStream(rows, exportEvent, header);
}
