/**
 * GET /admin/schedule/availability/: when each instructor of the overview can drive, day by day.
 * Read from the same rows and through the same model (common/availability_model.ts) as the
 * planner and the conflict check of a manual booking (api/appointments/conflicts.ts), but for all
 * instructors and days of the range in a handful of queries instead of a few per person and day.
 */
import type { Sql } from "../../db/connection.ts";
import type {
  ScheduleAbsence,
  ScheduleAvailability,
  ScheduleBlock,
  ScheduleInstructorDay,
} from "../../common/contract/schedule.ts";
import {
  type AvailabilityRow,
  instructorWeek,
  mergeWindows,
  workHoursEntered,
} from "../../common/availability_model.ts";
import { addDays, isoWeekday } from "../../common/time.ts";
import { closedDays } from "../../db/school_calendar.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { scheduleInstructors, type ScheduleQuery } from "./queries.ts";

type OwnedRow = AvailabilityRow & { user_id: number };
interface VacationRow {
  user_id: number;
  kind: "vacation" | "sick";
  description: string;
  start_date: string;
  end_date: string;
}
interface SpecialDayRow {
  user_id: number;
  date: string;
  is_unavailable: boolean;
  start: string | null;
  end: string | null;
  description: string;
}
interface TheoryRow {
  instructor_id: number;
  date: string;
  start: string;
  end: string;
}

/** Everything the days of the range are built from, loaded once for all instructors. */
async function loadRows(sql: Sql, ids: number[], query: ScheduleQuery) {
  const { from, to } = query;
  const weekly = await sql<OwnedRow[]>`
    select user_id::int, availability_type as kind, day_of_week::int as day,
           to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end,
           valid_from::text, valid_until::text, period::int
      from availabilities
     where user_id = any(${ids}::bigint[]) and (valid_until is null or valid_until >= ${from}::date)
     order by day_of_week, start_time, id
  `;
  const vacations = await sql<VacationRow[]>`
    select user_id::int, kind, description, start_date::text, end_date::text
      from vacation_periods
     where user_id = any(${ids}::bigint[]) and start_date <= ${to}::date
       and end_date >= ${from}::date
     order by start_date, id
  `;
  const specials = await sql<SpecialDayRow[]>`
    select user_id::int, date::text, is_unavailable, to_char(start_time, 'HH24:MI') as start,
           to_char(end_time, 'HH24:MI') as end, description
      from special_date_days
     where user_id = any(${ids}::bigint[]) and date between ${from}::date and ${to}::date
     order by date, is_unavailable desc, start_time, id
  `;
  const theory = await sql<TheoryRow[]>`
    select instructor_id::int, date::text, to_char(start_time, 'HH24:MI') as start,
           to_char(end_time, 'HH24:MI') as end
      from theory_sessions
     where instructor_id = any(${ids}::bigint[]) and date between ${from}::date and ${to}::date
     order by date, start_time, id
  `;
  return { weekly, vacations, specials, theory };
}

const vacationLabel = { vacation: "Urlaub", sick: "Krankgemeldet" } as const;

/** One instructor's day from the loaded rows, as unavailableBecause() in conflicts.ts reads it. */
function instructorDay(
  rows: Awaited<ReturnType<typeof loadRows>>,
  plannedWeekdays: number[],
  instructorId: number,
  date: string,
): ScheduleInstructorDay {
  const weekday = isoWeekday(date);
  // As conflicts.ts's weeklyRows(): a row that ended before the day no longer counts.
  const own = rows.weekly.filter((r) =>
    r.user_id === instructorId && (r.valid_until === null || r.valid_until >= date)
  );
  const week = instructorWeek(own, plannedWeekdays);
  const work = mergeWindows(week.work.filter((w) => w.day === weekday))
    .map(({ start, end }) => ({ start, end }));
  // Any weekly hours at all: only then is a day without hours a day off rather than hours nobody
  // entered.
  const workEntered = workHoursEntered(own);
  const absences: ScheduleAbsence[] = [
    ...rows.vacations
      .filter((v) => v.user_id === instructorId && v.start_date <= date && date <= v.end_date)
      .map((v) => ({
        kind: v.kind,
        label: vacationLabel[v.kind] ?? "Abwesend",
        description: v.description,
        start: null,
        end: null,
      })),
    ...rows.specials
      .filter((s) => s.user_id === instructorId && s.date === date)
      .map((s) => ({
        kind: "absent" as const,
        label: "Abwesend",
        description: s.description,
        start: s.is_unavailable ? null : s.start,
        end: s.is_unavailable ? null : s.end,
      })),
  ];
  const blocks: ScheduleBlock[] = [
    // A break only matters on a working day; on a day off it would be a block of nothing.
    ...(work.length ? week.breaks : []).map((b) => ({
      kind: "break" as const,
      label: "Pause",
      ...b,
    })),
    ...rows.theory
      .filter((s) => s.instructor_id === instructorId && s.date === date)
      .map((s) => ({
        kind: "theory" as const,
        label: "Theorieunterricht",
        start: s.start,
        end: s.end,
      })),
    ...week.weeklyBlocks
      .filter((b) =>
        b.day === weekday && (b.validFrom == null || b.validFrom <= date) &&
        (b.validUntil == null || date <= b.validUntil)
      )
      .map((b) => ({
        kind: "recurring" as const,
        label: "Nicht verfügbar",
        start: b.start,
        end: b.end,
      })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  return { instructor_id: instructorId, date, work, work_entered: workEntered, absences, blocks };
}

/** Every instructor's days of the range (instructors in the overview's order) and closed days. */
export async function loadScheduleAvailability(
  sql: Sql,
  query: ScheduleQuery,
): Promise<ScheduleAvailability> {
  const instructors = await scheduleInstructors(sql, query);
  const ids = instructors.map((i) => i.id);
  const rows = await loadRows(sql, ids, query);
  const plannedWeekdays = await readPlannedWeekdays(sql);
  const days: ScheduleInstructorDay[] = [];
  for (const id of ids) {
    for (let date = query.from; date <= query.to; date = addDays(date, 1)) {
      days.push(instructorDay(rows, plannedWeekdays, id, date));
    }
  }
  const closed = await closedDays(sql, query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    days,
    closed_days: closed.map((c) => ({
      date: c.date,
      name: c.name,
      kind: c.closing ? "closing" : "holiday",
      from: c.from ?? null,
    })),
  };
}
