/**
 * Official school holidays (Ferien) per state, first and last day as the state's school ministry
 * fixes them (KMK tables). Shipped with the app because the server has no network; the admin
 * takes them over with "Ferien für <Land> übernehmen" and can edit them afterwards.
 *
 * Only dates checked against published tables are listed: so far Nordrhein-Westfalen. For a state
 * without entries the admin enters the Ferien on "Ferien & Feiertage". sql/migrations/0008
 * prefills the Nordrhein-Westfalen rows; api/school_calendar/routes.test.ts checks both agree.
 */
import type { FederalState } from "./states.ts";

export interface FerienRange {
  name: string;
  start: string;
  end: string;
}

export const FERIEN: Partial<Record<FederalState, FerienRange[]>> = {
  NW: [
    { name: "Herbstferien", start: "2025-10-13", end: "2025-10-25" },
    { name: "Weihnachtsferien", start: "2025-12-22", end: "2026-01-06" },
    { name: "Osterferien", start: "2026-03-30", end: "2026-04-11" },
    { name: "Pfingstferien", start: "2026-05-26", end: "2026-05-26" },
    { name: "Sommerferien", start: "2026-07-20", end: "2026-09-01" },
    { name: "Herbstferien", start: "2026-10-17", end: "2026-10-31" },
    { name: "Weihnachtsferien", start: "2026-12-23", end: "2027-01-06" },
    { name: "Osterferien", start: "2027-03-22", end: "2027-04-03" },
    { name: "Pfingstferien", start: "2027-05-18", end: "2027-05-18" },
    { name: "Sommerferien", start: "2027-07-19", end: "2027-08-31" },
    { name: "Herbstferien", start: "2027-10-23", end: "2027-11-06" },
    { name: "Weihnachtsferien", start: "2027-12-24", end: "2028-01-08" },
    { name: "Osterferien", start: "2028-04-10", end: "2028-04-22" },
    { name: "Sommerferien", start: "2028-07-10", end: "2028-08-22" },
  ],
};

/**
 * The first day of the school year holding `today` (school years run from 1 August; the summer
 * holidays that start in July still belong to the ending year).
 */
export function schoolYearStart(today: string): string {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= "08-01" ? `${year}-08-01` : `${year - 1}-08-01`;
}

/**
 * The shipped Ferien of the current and the next school year: every range that ends on or after
 * the current school year's first day and starts before the year after next begins.
 */
export function shippedFerien(state: FederalState, today: string): FerienRange[] {
  const from = schoolYearStart(today);
  const until = `${Number(from.slice(0, 4)) + 2}-08-01`;
  return (FERIEN[state] ?? []).filter((r) => r.end >= from && r.start < until);
}
