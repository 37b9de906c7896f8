import { formatGermanDate, germanWeekdayShort, mondayIndex } from "../../lib/german_dates.ts";

/** A row of GET /api/admin/appointments/ (spec 01 §3 'Appointment row'). */
export interface AppointmentRow {
  id: number;
  start_time: string;
  end_time: string;
  date: string;
  time: string;
  end_clock: string;
  student_name: string;
  instructor_name: string;
  appointment_type: string;
  appointment_type_display: string;
  type_display: string;
  title: string;
  vehicle: string | null;
  transmission_type: "automatic" | "manual";
  status: string;
}

/** How a status is shown: its German label and badge colour; unknown counts as confirmed. */
export function statusView(status: string): { label: string; badge: string } {
  if (status === "pending") return { label: "Ausstehend", badge: "badge-warning" };
  if (status === "cancelled") return { label: "Storniert", badge: "badge-error" };
  return { label: "Bestätigt", badge: "badge-success" };
}

/** German name of a transmission. */
export function transmissionLabel(transmission: string): string {
  return transmission === "automatic" ? "Automatik" : "Schaltgetriebe";
}

/** 2026-12-10 → 'Do, 10.12.2026' */
export function weekdayDate(isoDate: string): string {
  const weekday = germanWeekdayShort[mondayIndex(isoDate)] ?? "";
  const date = formatGermanDate(isoDate);
  return weekday ? `${weekday}, ${date}` : date;
}
