/**
 * The school's clock and calendar arithmetic, shared by API, planner worker, scripts and web app.
 * Days are ISO 'YYYY-MM-DD' strings of the school's calendar; the arithmetic on them runs in UTC,
 * where no day is 23 or 25 hours long.
 */
import { SCHOOL_TIME_ZONE } from "./time_zone.ts";

export { SCHOOL_TIME_ZONE };

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SCHOOL_TIME_ZONE });
const clockFormat = new Intl.DateTimeFormat("de-DE", {
  timeZone: SCHOOL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
});
const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SCHOOL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The school's calendar day ('YYYY-MM-DD') of an instant; today without one. */
export function schoolDay(instant: string | Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return dayFormat.format(new Date(instant));
}

/** The school's wall-clock time 'HH:MM' of an instant. */
export function schoolClock(instant: string | Date): string {
  return clockFormat.format(new Date(instant));
}

/** The school's wall-clock time 'HH:MM:SS' of an instant, as the activity log lines start. */
export function schoolLogTime(date = new Date()): string {
  return date.toLocaleTimeString("de-DE", { timeZone: SCHOOL_TIME_ZONE, hour12: false });
}

/**
 * An instant as ISO 8601 on the school's wall clock with its offset, e.g.
 * '2027-03-29T14:00:00+02:00', so a client reads the school's time without a time-zone database.
 */
export function schoolIso(instant: Date): string {
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  const local = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  const offsetMinutes = Math.round(
    (Date.parse(`${local}Z`) - Math.floor(instant.getTime() / 1000) * 1000) / 60000,
  );
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${sign}${hh}:${mm}`;
}

/** Minutes since midnight as 'HH:MM', the form the database and the screens use. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** 'HH:MM' (or 'HH:MM:SS') as minutes since midnight; the text must be a valid clock time. */
export function minutesOf(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

function toUtc(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Number of days of a month (month 0-based, as in Date). */
export function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** True when year-month-day (month 1-based) names a real calendar day (no 31.02.). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month - 1);
}

/** True for 'YYYY-MM-DD' text that names a real calendar day. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
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

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
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
