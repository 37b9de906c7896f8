import { createEvents, type EventAttributes } from "ics";
import type { AppointmentRow } from "./appointment_rows.ts";
import { transmissionLabel } from "../../common/german_words.ts";

/** The file name of the calendar export. */
export const icalFileName = "fahrplan-termine.ics";

function event(row: AppointmentRow): EventAttributes {
  // start_time carries its Berlin offset, so Date.parse gives the true instant; writing it as
  // UTC (…Z) makes every calendar show 14:00 Berlin as 14:00 in winter and in summer alike.
  const details = [
    `Fahrschüler: ${row.student_name}`,
    `Fahrlehrer: ${row.instructor_name}`,
    `Getriebe: ${transmissionLabel(row.transmission_type)}`,
    row.vehicle ? `Fahrzeug: ${row.vehicle}` : "",
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
    location: row.vehicle ?? undefined,
    status: row.status === "pending" ? "TENTATIVE" : "CONFIRMED",
    busyStatus: "BUSY",
    categories: [row.appointment_type_display],
  };
}

/** An .ics calendar with one VEVENT per given appointment (callers leave cancelled ones out). */
export function appointmentsCalendar(rows: AppointmentRow[]): string {
  const header = { productId: "fahrplan/termine", calName: "Fahrplan Termine" };
  if (rows.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid file to import.
    return [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      `PRODID:${header.productId}`,
      "METHOD:PUBLISH",
      `X-WR-CALNAME:${header.calName}`,
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  }
  const { error, value } = createEvents(rows.map(event), header);
  if (error || !value) throw error ?? new Error("ics produced no calendar");
  return value;
}
