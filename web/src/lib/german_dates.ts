import {
  englishWeekdayKeys,
  germanMonthNames,
  germanWeekdayNames,
  germanWeekdayShort,
} from "../../../common/german_words.ts";
import { daysInMonth, isoWeekday, isRealDate, schoolDay } from "../../../common/time.ts";

export { germanMonthNames, germanWeekdayNames, germanWeekdayShort };

/** One of monday..friday: the days work and school schedules are edited for. */
export type WorkdayKey = Exclude<typeof englishWeekdayKeys[number], "saturday" | "sunday">;

/** The English weekday keys the API uses for work and school schedules, Monday to Friday. */
export const workdayKeys = englishWeekdayKeys.slice(0, 5) as readonly WorkdayKey[];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export { daysInMonth, isRealDate };

/** ISO 'YYYY-MM-DD' from parts (month 1-based). */
function toIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Splits an ISO date into [year, month (1-based), day], or null when it is not a real day. */
export function parseIsoDate(iso: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? [year, month, day] : null;
}

/**
 * Reads a typed German date: 'TT.MM.JJJJ' (one-digit day and month allowed, surrounding blanks
 * ignored), a comma or slash instead of the dot (a German decimal keypad has only the comma), a
 * two-digit year ('20.01.27'), or digits alone as a phone keypad types them: 'TTMMJJJJ' or
 * 'TTMMJJ' (issue 25, point 17; the time fields take '1400' the same way). A two-digit year is
 * this century's. Returns ISO 'YYYY-MM-DD', or null when the text is no real date.
 */
export function parseGermanDate(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})([.,/])(\d{1,2})\2(\d{4}|\d{2})$/.exec(trimmed);
  const digits = /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(trimmed);
  const parts = match ? [match[1], match[3], match[4]] : digits ? digits.slice(1, 4) : null;
  if (!parts) return null;
  const [day, month] = [Number(parts[0]), Number(parts[1])];
  const year = parts[2].length === 2 ? 2000 + Number(parts[2]) : Number(parts[2]);
  return isRealDate(year, month, day) ? toIsoDate(year, month, day) : null;
}

/**
 * Whether typed text is a whole date in form (so a wrong one may be called wrong at once): four
 * year digits, with separators or as eight digits. 'TTMMJJ' may still be on its way to 'TTMMJJJJ'.
 */
export function isCompleteDateText(text: string): boolean {
  return /^(\d{1,2})([.,/])(\d{1,2})\2\d{4}$/.test(text.trim()) || /^\d{8}$/.test(text.trim());
}

/** 'YYYY-MM-DD' → 'TT.MM.JJJJ'; '' for an empty or broken value. */
export function formatGermanDate(iso: string | null | undefined): string {
  const parts = iso ? parseIsoDate(iso.slice(0, 10)) : null;
  if (!parts) return "";
  const [year, month, day] = parts;
  return `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
}

/** Monday-based weekday index 0..6 of an ISO date (0 = Monday), independent of the time zone. */
export function mondayIndex(iso: string): number {
  const day = iso.slice(0, 10);
  return parseIsoDate(day) ? isoWeekday(day) - 1 : -1;
}

/** Today's date in the school's zone as ISO. */
export function todayIso(): string {
  return schoolDay();
}

/**
 * Reads a typed time: 'HH:MM', 'H:MM', 'HHMM', 'HMM' or 'HH'. Returns 'HH:MM' or null when it
 * is no time of day.
 */
export function parseTime(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?::?(\d{2}))?$/.exec(trimmed) ?? /^(\d{1,2})[.:](\d{2})$/.exec(trimmed);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** Cuts 'HH:MM:SS' or 'HH:MM' to 'HH:MM'; '' for nothing. */
export function shortTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : "";
}
