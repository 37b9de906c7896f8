/**
 * Public holidays and Ferien in the planner instance (docs/decisions/0007-holidays-and-ferien.md):
 * - a public holiday of the school's state is an absence of every instructor and every student;
 * - a student with available_in_holidays = false is absent during Ferien;
 * - a student whose windows come from her school timetable (no own grid) is free on Ferien
 *   weekdays from the earliest of that weekday's school, arrival and free-period rows to 20:00.
 * The instance format knows only weekly windows minus dated absences and blocks, so the Ferien
 * window becomes her weekly window and blocks take the extra time away again on school days.
 */
import type { Db } from "../../db/connection.ts";
import { closedDays, ferienRanges } from "../../db/school_calendar.ts";
import type { WeeklyWindow } from "../instance.ts";
import { addDays, isoWeekday } from "../../common/time.ts";

export interface DateRange {
  from: string;
  to: string;
}
export interface DatedBlock {
  date: string;
  start: string;
  end: string;
}
/** A weekly row of the availabilities table, as build_instance reads it. */
export interface CalendarRow {
  kind: string;
  day: number | null;
  start: string;
  end: string;
}

export interface HorizonCalendar {
  /** One whole-day absence per public holiday in the horizon. */
  holidays: DateRange[];
  /** Ferien ranges cut to the horizon. */
  ferien: DateRange[];
}

/** Public holidays and Ferien of `start`..`end`, read in the caller's transaction. */
export async function readHorizonCalendar(
  db: Db,
  start: string,
  end: string,
): Promise<HorizonCalendar> {
  const holidays = (await closedDays(db, start, end)).map((h) => ({ from: h.date, to: h.date }));
  const ferien = (await ferienRanges(db, start, end)).map((r) => ({
    from: r.start_date < start ? start : r.start_date,
    to: r.end_date > end ? end : r.end_date,
  }));
  return { holidays, ferien };
}

const SCHOOL_KINDS = new Set(["school", "arrival", "free_period"]);
const EVENING = "20:00";

/** What the Ferien change for one student: her weekly windows, extra absences and blocks. */
export function studentFerien(input: {
  rows: CalendarRow[];
  /** The windows she has outside Ferien. */
  available: WeeklyWindow[];
  /** True when `available` was derived from school rows (she has no own grid). */
  derived: boolean;
  availableInHolidays: boolean;
  calendar: HorizonCalendar;
  start: string;
  days: number;
}): { available: WeeklyWindow[]; absences: DateRange[]; blocks: DatedBlock[] } {
  const { rows, available, derived, calendar, start, days } = input;
  if (calendar.ferien.length === 0) return { available, absences: [], blocks: [] };
  if (!input.availableInHolidays) return { available, absences: calendar.ferien, blocks: [] };
  if (!derived) return { available, absences: [], blocks: [] };

  const ferienWindows = ferienDayWindows(rows);
  const blocks: DatedBlock[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = addDays(start, offset);
    if (calendar.ferien.some((r) => r.from <= date && date <= r.to)) continue;
    const day = isoWeekday(date);
    for (const w of ferienWindows.filter((f) => f.day === day)) {
      const school = available.filter((a) => a.day === day);
      for (const gap of subtract(w, school)) blocks.push({ date, ...gap });
    }
  }
  return { available: ferienWindows, absences: [], blocks };
}

/** Mon-Fri: from the earliest school-derived row of the weekday to 20:00 (or a later row end). */
export function ferienDayWindows(rows: CalendarRow[]): WeeklyWindow[] {
  const out: WeeklyWindow[] = [];
  for (let day = 1; day <= 5; day++) {
    const ofDay = rows.filter((r) => r.day === day && SCHOOL_KINDS.has(r.kind));
    if (ofDay.length === 0) continue;
    const start = ofDay.map((r) => r.start).sort()[0];
    const end = ofDay.map((r) => (r.kind === "arrival" ? EVENING : r.end))
      .reduce((a, b) => (b > a ? b : a), EVENING);
    if (start < end) out.push({ day, start, end });
  }
  return out;
}

/** The parts of `window` not covered by any of `covered` (all on the same weekday). */
function subtract(
  window: { start: string; end: string },
  covered: { start: string; end: string }[],
): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  let from = window.start;
  for (const c of [...covered].sort((a, b) => a.start.localeCompare(b.start))) {
    if (c.end <= from || c.start >= window.end) continue;
    if (c.start > from) out.push({ start: from, end: c.start });
    if (c.end > from) from = c.end;
  }
  if (from < window.end) out.push({ start: from, end: window.end });
  return out;
}
