/**
 * The school calendar as stored: the configured state, its public holidays and the Ferien ranges.
 * Used by the admin routes, the planner worker (inside its snapshot transaction) and checks of
 * manual appointments (a public holiday is a closed day).
 */
import type { Db } from "./connection.ts";
import { addDays } from "../common/time.ts";
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

/** A closed day: a public holiday, or a closing day of the school (whole, or from a time). */
export interface ClosedDay extends PublicHoliday {
  /** 'HH:MM' when the school closes that day from this time on; absent = the whole day */
  from?: string;
  /** true for the school's own closing days (issue 25, point 2) */
  closing?: boolean;
}

/** One of the school's own closing days (or ranges) as stored and listed. */
export interface ClosingDayRow {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  from_time: string | null;
}

/** The school's closing days that touch `from`..`to` (all without bounds), by start. */
export async function closingDayRows(
  db: Db,
  from?: string,
  to?: string,
): Promise<ClosingDayRow[]> {
  return await db<ClosingDayRow[]>`
    select id::int, name, start_date::text, end_date::text,
           to_char(from_time, 'HH24:MI') as from_time
      from school_closing_days
     where (${to ?? null}::date is null or start_date <= ${to ?? null}::date)
       and (${from ?? null}::date is null or end_date >= ${from ?? null}::date)
     order by start_date, end_date, id
  `;
}

/**
 * Days the school is closed from `from` to `to` (ISO dates, inclusive), by date: the public
 * holidays of the configured state and the school's own closing days, one entry per day of a
 * range. Nothing is planned on them and a manual booking asks first. The planner worker
 * (solver/worker/school_calendar.ts) reads these as whole-day absences, so a day closing from a
 * time is kept free all day by the planner, while a manual booking before that time is allowed.
 */
export async function closedDays(db: Db, from: string, to: string): Promise<ClosedDay[]> {
  const days: ClosedDay[] = publicHolidays(await schoolState(db), from, to);
  for (const row of await closingDayRows(db, from, to)) {
    for (let day = row.start_date; day <= row.end_date; day = addDays(day, 1)) {
      if (day < from || day > to) continue;
      days.push({
        date: day,
        name: row.name,
        closing: true,
        ...(row.from_time ? { from: row.from_time } : {}),
      });
    }
  }
  return days.sort((a, b) => a.date.localeCompare(b.date));
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
