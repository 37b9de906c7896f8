import { englishWeekdayKeys } from "../../common/german_words.ts";
import { formatMinutes, isIsoDate } from "../../common/time.ts";
import { invalid } from "../lib/errors.ts";
import {
  absenceDateMessage,
  absenceRangeProblem,
  isAbsenceDate,
} from "../../common/absence_dates.ts";

/** True for a value the screens send for "nothing entered": absent, null or blank. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && !value.trim());
}

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Parses HH:MM (or HH:MM:SS from an earlier read) into minutes; throws a German 400 naming the row. */
export function parseTime(value: unknown, row: string): number {
  const text = typeof value === "string" ? value.trim() : String(value);
  const match = timePattern.exec(text);
  if (!match) throw invalid(`${row}: Ungültige Uhrzeit „${text}“ (erwartet HH:MM).`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A from/to pair of times whose end must lie after its start; answers both as HH:MM. */
export function parseTimeRange(start: unknown, end: unknown, row: string) {
  const from = parseTime(start, row);
  const to = parseTime(end, row);
  if (to <= from) throw invalid(`${row}: Die Endzeit muss nach der Startzeit liegen.`);
  return { start: formatMinutes(from), end: formatMinutes(to) };
}

/** Parses a YYYY-MM-DD calendar date (checked to exist); throws a German 400 naming the row. */
export function parseDate(value: unknown, row: string): string {
  const text = typeof value === "string" ? value.trim() : String(value);
  // Years outside 1900-2999 are typing slips (and year 0 would reach Postgres as an error).
  if (!/^(19|2\d)/.test(text) || !isIsoDate(text)) {
    throw invalid(`${row}: Ungültiges Datum „${text}“ (erwartet JJJJ-MM-TT).`);
  }
  return text;
}

/** A from/to pair of absence dates (vacations), checked by the one absence rule. */
export function parseDateRange(start: unknown, end: unknown, row: string) {
  const from = parseDate(start, row);
  const to = parseDate(end, row);
  if (!isAbsenceDate(from) || !isAbsenceDate(to)) throw invalid(`${row}: ${absenceDateMessage}`);
  const problem = absenceRangeProblem(from, to);
  if (problem) throw invalid(`${row}: ${problem}`);
  return { start: from, end: to };
}

/**
 * A weekday as 'monday'..'sunday' or 1..7 (numbers also as strings); null when unknown.
 * `lastDay` limits the accepted range (5 = Monday to Friday).
 */
export function parseDay(value: unknown, lastDay = 7): number | null {
  const text = String(value ?? "").trim().toLowerCase();
  const day = /^\d$/.test(text) ? Number(text) : englishWeekdayKeys.indexOf(text as never) + 1;
  return day >= 1 && day <= lastDay ? day : null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed e-mail address, '' when empty; throws a German 400 when it is not an address. */
export function parseEmail(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (text && (!emailPattern.test(text) || text.length > 254)) {
    throw invalid("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  }
  return text;
}
