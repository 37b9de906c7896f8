/** Date and clock arithmetic in school-local wall-clock time (no time zones needed: lessons stay on the hour). */

const DAY_MS = 86_400_000;

/** Minutes since midnight of "HH:MM". */
export function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** The ISO date `offset` days after `start`. */
export function addDays(start: string, offset: number): string {
  return new Date(Date.parse(start + "T00:00:00Z") + offset * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `start` to `date` (negative when before). */
export function daysBetween(start: string, date: string): number {
  return Math.round((Date.parse(date + "T00:00:00Z") - Date.parse(start + "T00:00:00Z")) / DAY_MS);
}

/** ISO weekday, 1 = Monday .. 7 = Sunday. */
export function weekdayOf(date: string): number {
  let wd = weekdays.get(date);
  if (wd === undefined) {
    const d = new Date(date + "T00:00:00Z").getUTCDay();
    weekdays.set(date, wd = d === 0 ? 7 : d);
  }
  return wd;
}

/** The model asks for the same few dates once per person and day: parsing them once is enough. */
const weekdays = new Map<string, number>();

/** The Monday of the ISO week holding `date`; two dates share an ISO week when these are equal. */
export function isoWeekMonday(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** "YYYY-MM-DDTHH:00" for a lesson. */
export function lessonStart(date: string, hour: number): string {
  return `${date}T${String(hour).padStart(2, "0")}:00`;
}

/** Splits "YYYY-MM-DDTHH:MM" into date and hour. */
export function splitStart(start: string): { date: string; hour: number } {
  return { date: start.slice(0, 10), hour: Number(start.slice(11, 13)) };
}
