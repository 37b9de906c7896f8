/** Calendar arithmetic on YYYY-MM-DD days (no time zone involved: these are Berlin days). */

function toUtc(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Weekday 1 (Monday) .. 7 (Sunday). */
export function isoWeekday(isoDate: string): number {
  return toUtc(isoDate).getUTCDay() || 7;
}

/** The day `days` after (or before) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = toUtc(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The Monday of the ISO week that contains `isoDate`. */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, 1 - isoWeekday(isoDate));
}

/** ISO 8601 week number and its year (the year of the week's Thursday), e.g. 2027-01-01 → 53/2026. */
export function isoWeek(isoDate: string): { week: number; year: number } {
  const thursday = toUtc(addDays(mondayOf(isoDate), 3));
  const year = thursday.getUTCFullYear();
  const firstThursday = toUtc(addDays(mondayOf(`${year}-01-04`), 3));
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return { week, year };
}
