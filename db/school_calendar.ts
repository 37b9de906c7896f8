/**
 * The school calendar as stored: the configured state, its public holidays and the Ferien ranges.
 * Used by the admin routes, the planner worker (inside its snapshot transaction) and checks of
 * manual appointments (a public holiday is a closed day).
 */
import type { Db } from "./connection.ts";
import { type PublicHoliday, publicHolidays } from "../common/school_calendar/public_holidays.ts";
import {
  DEFAULT_FEDERAL_STATE,
  type FederalState,
  isFederalState,
} from "../common/school_calendar/states.ts";

export interface FerienRow {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
}

/** The configured state; Nordrhein-Westfalen until an admin picks another. */
export async function schoolState(db: Db): Promise<FederalState> {
  const [row] = await db`select federal_state from school_settings where id = 1`;
  return row && isFederalState(row.federal_state) ? row.federal_state : DEFAULT_FEDERAL_STATE;
}

/**
 * Days the school is closed from `from` to `to` (ISO dates, inclusive): the public holidays of
 * the configured state, by date. Nothing is planned on them and no lesson should be booked.
 */
export async function closedDays(db: Db, from: string, to: string): Promise<PublicHoliday[]> {
  return publicHolidays(await schoolState(db), from, to);
}

/** The Ferien ranges that touch `from`..`to` (all of them without bounds), by start. */
export async function ferienRanges(db: Db, from?: string, to?: string): Promise<FerienRow[]> {
  return await db<FerienRow[]>`
    select id::int, name, start_date::text, end_date::text
      from school_holidays
     where (${to ?? null}::date is null or start_date <= ${to ?? null}::date)
       and (${from ?? null}::date is null or end_date >= ${from ?? null}::date)
     order by start_date, end_date, id
  `;
}
