/**
 * Reading one spreadsheet cell the way a person means it. Cells come from exceljs (numbers,
 * Dates for date/time formats, formula objects with a cached result, rich text, hyperlinks) or
 * from a CSV (always text). Each reader answers the value or a German reason, never throws.
 */
import {
  absenceDateMessage,
  absenceRangeProblem,
  isAbsenceDate,
} from "../../common/absence_dates.ts";
import { formatMinutes } from "../../common/time.ts";

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(reason: string): Read<T> => ({ ok: false, reason });

/** The plain value of an exceljs cell: formulas by their cached result, rich text joined. */
export function plainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if ("result" in v || "formula" in v || "sharedFormula" in v) {
    const result = plainValue(v.result);
    // An error result ({error: '#DIV/0!'}) counts as empty, so the row's check names it.
    return result && typeof result === "object" && !(result instanceof Date) ? null : result;
  }
  if (Array.isArray(v.richText)) {
    return (v.richText as { text?: string }[]).map((part) => part.text ?? "").join("");
  }
  if ("text" in v) return plainValue(v.text);
  return null;
}

/** The cell as trimmed text ('' when empty); numbers without a trailing ".0". */
export function cellText(value: unknown): string {
  const v = plainValue(value);
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).replace(/\u00a0/g, " ").trim();
}

/** Shown in messages: the cell as the person typed it, shortened. */
export function shown(value: unknown): string {
  const text = cellText(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A time of day as HH:MM. Accepts Excel time cells (a Date on 1899-12-30 or a day fraction),
 * whole hours as numbers, and text such as "8:00", "08.00", "8 Uhr", "8.30 Uhr", "08:00:00".
 */
export function readTime(value: unknown): Read<string> {
  const v = plainValue(value);
  if (v instanceof Date) {
    // exceljs turns the day fraction into a Date rounded to the millisecond: 08:00 may come as
    // 07:59:59.999, so the time of day is rounded to the minute.
    const day = 86_400_000;
    return ok(formatMinutes(Math.round((((v.getTime() % day) + day) % day) / 60_000) % 1440));
  }
  if (typeof v === "number") {
    if (v >= 0 && v < 1) return minutes(Math.round(v * 1440));
    if (Number.isInteger(v) && v >= 0 && v <= 23) return minutes(v * 60);
    return bad(`„${v}“ ist keine Uhrzeit (z. B. 08:00)`);
  }
  const text = cellText(v).toLowerCase().replace(/\s*(uhr|h)$/, "").trim();
  const match = /^(\d{1,2})(?:[:.,](\d{2}))?(?::\d{2})?$/.exec(text);
  if (!match) return bad(`„${cellText(v)}“ ist keine Uhrzeit (z. B. 08:00)`);
  const h = Number(match[1]);
  const m = Number(match[2] ?? 0);
  if (h > 23 || m > 59) return bad(`„${cellText(v)}“ ist keine Uhrzeit (z. B. 08:00)`);
  return minutes(h * 60 + m);
}

function minutes(total: number): Read<string> {
  // 23:59.9 rounds up to 1440: that is midnight of the next day, not a time of this one.
  if (total >= 1440) return bad("Uhrzeiten nach 23:59 gibt es nicht");
  return ok(formatMinutes(total));
}

const excelEpoch = Date.UTC(1899, 11, 30);

function isoDate(year: number, month: number, day: number): Read<string> {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 || year > 2999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day
  ) {
    return bad(
      `${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year} ` +
        "gibt es nicht",
    );
  }
  return ok(date.toISOString().slice(0, 10));
}

/** A calendar date as YYYY-MM-DD from a date cell, an Excel serial, "1.7.2027", "01.07.27" or ISO. */
export function readDate(value: unknown): Read<string> {
  const v = plainValue(value);
  if (v instanceof Date) {
    // Rounded to the minute for the same reason as times (23:59:59.999 is the next day).
    const d = new Date(Math.round(v.getTime() / 60_000) * 60_000);
    return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  if (typeof v === "number" && v > 1 && v < 400000) {
    return ok(new Date(excelEpoch + Math.floor(v) * 86400000).toISOString().slice(0, 10));
  }
  const text = cellText(v);
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return isoDate(year, Number(m[2]), Number(m[1]));
  }
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return bad(`„${shown(v)}“ ist kein Datum (z. B. 01.07.2027)`);
}

const datePattern = /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\d)/g;

/**
 * Date ranges from one text cell: "01.07.2027-14.07.2027; 24.12.2027" (ranges separated by
 * ';', ',' or line breaks; a single date is one day). A date cell is one day.
 */
export function readDateRanges(value: unknown): Read<{ start: string; end: string }[]> {
  const v = plainValue(value);
  if (v instanceof Date || typeof v === "number") {
    const day = readDate(v);
    return day.ok ? ok([{ start: day.value, end: day.value }]) : day;
  }
  const out: { start: string; end: string }[] = [];
  for (const part of cellText(v).split(/[;,\n]+/).map((p) => p.trim()).filter(Boolean)) {
    const tokens = part.match(datePattern) ?? [];
    if (tokens.length < 1 || tokens.length > 2) {
      return bad(`„${part}“ ist kein Zeitraum (z. B. 01.07.2027-14.07.2027)`);
    }
    const dates = tokens.map(readDate);
    for (const d of dates) if (!d.ok) return d;
    const [start, end] = dates.map((d) => (d as { value: string }).value);
    // The one absence rule (common/absence_dates.ts); the row's message adds the full stop.
    const problem = !isAbsenceDate(start) || (end !== undefined && !isAbsenceDate(end))
      ? absenceDateMessage
      : end !== undefined
      ? absenceRangeProblem(start, end)
      : null;
    if (problem) return bad(`Zeitraum „${part}“: ${problem.replace(/\.$/, "")}`);
    out.push({ start, end: end ?? start });
  }
  return ok(out);
}

/**
 * Time ranges from one text cell: "09:45-10:30, 11:15-12:00" or "10 - 11 Uhr". Each range is
 * two times; separators between ranges are ',', ';', '/', 'und' or line breaks.
 */
export function readTimeRanges(value: unknown): Read<{ start: string; end: string }[]> {
  const out: { start: string; end: string }[] = [];
  const text = cellText(value);
  for (const part of text.split(/[,;/\n]+|\bund\b/).map((p) => p.trim()).filter(Boolean)) {
    const pieces = part.replace(/uhr/gi, "").split(/\s*(?:-|–|—|\bbis\b)\s*/).filter(Boolean);
    if (pieces.length !== 2) {
      return bad(`„${part}“ ist kein Zeitraum (z. B. 09:45-10:30)`);
    }
    const [start, end] = pieces.map(readTime);
    if (!start.ok) return start;
    if (!end.ok) return end;
    if (end.value <= start.value) {
      return bad(`in „${part}“ liegt das Ende nicht nach dem Anfang`);
    }
    out.push({ start: start.value, end: end.value });
  }
  return ok(out);
}

const yes = new Set(["ja", "j", "yes", "y", "x", "true", "wahr", "1"]);
const no = new Set(["nein", "n", "no", "false", "falsch", "0"]);

/** ja/nein; an empty cell is `fallback`. */
export function readYesNo(value: unknown, fallback: boolean): Read<boolean> {
  const v = plainValue(value);
  if (typeof v === "boolean") return ok(v);
  const text = cellText(v).toLowerCase();
  if (!text) return ok(fallback);
  if (yes.has(text)) return ok(true);
  if (no.has(text)) return ok(false);
  return bad(`„${shown(v)}“ ist weder „ja“ noch „nein“`);
}

/** Lower-case letters and digits only, umlauts folded: how headers and fixed values compare. */
export function squash(text: string): string {
  return text.toLowerCase()
    .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")
    .replace(/[^a-z0-9]/g, "");
}
