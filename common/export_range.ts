import { addDays } from "./time.ts";

/**
 * Issue 24: an export covers at most one year, so no request builds a file of every lesson the
 * school ever had. The API and the web both take the range from here: the web can then say which
 * days a download holds before the API answers.
 */

/** The 400 of an export whose Von and Bis lie more than a year apart. */
export const exportRangeTooWide =
  "Ein Export umfasst höchstens ein Jahr. Bitte Von und Bis enger wählen.";

/** The same calendar day `years` later (29 February becomes 1 March, as a calendar counts). */
function shiftYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** The last day of the year that starts on `from`: 2027-01-01 → 2027-12-31. */
export function lastExportDay(from: string): string {
  return addDays(shiftYears(from, 1), -1);
}

/** A range of Berlin days; null is an open end. */
export interface OpenRange {
  from: string | null;
  to: string | null;
}

/**
 * The days an export of the list's range holds: an open end is filled so the export spans one
 * year from the other end, with no ends at all the year from `today`. A closed range wider than a
 * year is refused (null): quietly cutting what the office chose would export less than it asked.
 */
export function exportRange(range: OpenRange, today: string): { from: string; to: string } | null {
  const { from, to } = range;
  if (from && to) return to <= lastExportDay(from) ? { from, to } : null;
  if (to) return { from: addDays(shiftYears(to, -1), 1), to };
  const start = from ?? today;
  return { from: start, to: lastExportDay(start) };
}
