/** Words the API, its exports and the web app show alike, so the two sides cannot drift apart. */

/** German weekday names, Monday first: index + 1 = day_of_week (1 = Montag). */
export const germanWeekdayNames = [
  "Montag",
  "Dienstag",
  "Mittwoch",
  "Donnerstag",
  "Freitag",
  "Samstag",
  "Sonntag",
] as const;

/** German weekday abbreviations, Monday first (the German week starts on Monday). */
export const germanWeekdayShort = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"] as const;

/** Lower-case English weekday names as the payloads send them; index + 1 = day_of_week. */
export const englishWeekdayKeys = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

/** German month names, January first. */
export const germanMonthNames = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
] as const;

/** The German name of a day_of_week (1..7), or '' when there is none. */
export function germanDayName(day: number | null | undefined): string {
  return day && day >= 1 && day <= 7 ? germanWeekdayNames[day - 1] : "";
}

/** German name of a transmission. */
export function transmissionLabel(transmission: string): string {
  return transmission === "automatic" ? "Automatik" : "Schaltgetriebe";
}

/** German label of an appointment's status; an unknown status counts as confirmed (spec 01 §2). */
export function statusLabel(status: string): string {
  if (status === "pending") return "Ausstehend";
  if (status === "cancelled") return "Storniert";
  return "Bestätigt";
}

/** 2026-12-10 → 10.12.2026 */
export function germanDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}.${m}.${y}`;
}

/**
 * The appointment types (appointments.appointment_type) and their German names, in the order the
 * add dialog offers them. Überland-, Autobahn- and Nachtfahrt are the special drives German law
 * (Fahrschüler-Ausbildungsordnung) requires for class B.
 */
export const appointmentTypeLabels = {
  driving_lesson: "Fahrstunde",
  overland: "Überlandfahrt",
  highway: "Autobahnfahrt",
  night: "Nachtfahrt",
  exam: "Prüfung",
  theory: "Theorie",
} as const;

/** A stored appointment type. */
export type AppointmentType = keyof typeof appointmentTypeLabels;

/** The stored appointment types, in the order of appointmentTypeLabels. */
export const appointmentTypes = Object.keys(appointmentTypeLabels) as AppointmentType[];

/** The German name of an appointment type; an unknown type is shown as it is stored. */
export function appointmentTypeLabel(type: string): string {
  return (appointmentTypeLabels as Record<string, string>)[type] ?? type;
}
