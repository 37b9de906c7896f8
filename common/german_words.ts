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
