import { englishWeekdayKeys, germanWeekdayNames } from "../../../../common/german_words.ts";
import { shortTime } from "../../lib/german_dates.ts";
import { type RangeRow, rangeRow, rowKey } from "./people_types.ts";

/**
 * An instructor's working times as the admin form edits them (docs/decisions/0012): any number
 * of windows per weekday (08:00-12:00 and 14:00-18:00), Monday to Sunday. A save sends only the
 * days whose windows changed, each with all its windows, and names them in `work_days`, so the
 * server replaces those days and no other.
 */
export type DayKey = typeof englishWeekdayKeys[number];
export type WorkWeek = Record<DayKey, RangeRow[]>;

/** A week without windows. */
export function emptyWorkWeek(): WorkWeek {
  return Object.fromEntries(englishWeekdayKeys.map((day) => [day, []])) as unknown as WorkWeek;
}

/** The stored working times as form rows, each day's windows by start. */
export function workWeekFromSchedule(
  schedule: { day: string; start: string | null; end: string | null }[] | undefined,
): WorkWeek {
  const week = emptyWorkWeek();
  // The contract allows a row without times (a nullable column); such a row is no window.
  const timed = (schedule ?? []).filter((row): row is { day: string; start: string; end: string } =>
    row.start !== null && row.end !== null
  );
  const sorted = timed.sort((a, b) => a.start.localeCompare(b.start));
  for (const row of sorted) {
    if (row.day in week) {
      week[row.day as DayKey].push({
        key: rowKey(),
        start: shortTime(row.start),
        end: shortTime(row.end),
      });
    }
  }
  return week;
}

/**
 * The days the form shows: the school's planned weekdays (the server takes working times on them
 * and on Monday to Saturday) and every day that has a window (a Sunday time from an import stays
 * visible). Each shown day has at least one (empty) row to type in.
 */
export function shownDays(week: WorkWeek, planned: readonly number[]): DayKey[] {
  return englishWeekdayKeys.filter((day, i) => planned.includes(i + 1) || week[day].length > 0);
}

/**
 * The rows a day shows: its windows, or one empty row to type into. The empty row's key is fixed
 * per day, so the field keeps its focus when the first keystroke turns it into a real window.
 */
export function rowsOfDay(week: WorkWeek, day: DayKey): RangeRow[] {
  return week[day].length ? week[day] : [placeholderRow(day)];
}

function placeholderRow(day: DayKey): RangeRow {
  return { key: -1 - englishWeekdayKeys.indexOf(day), start: "", end: "" };
}

/** The week with one window of a day changed; typing into a day's empty row creates it. */
export function withWindow(
  week: WorkWeek,
  day: DayKey,
  index: number,
  patch: Partial<RangeRow>,
): WorkWeek {
  const rows = rowsOfDay(week, day).map((row, i) => (i === index ? { ...row, ...patch } : row));
  return { ...week, [day]: rows };
}

/** The week with another (empty) window on a day, below the ones shown. */
export function withNewWindow(week: WorkWeek, day: DayKey): WorkWeek {
  return { ...week, [day]: [...rowsOfDay(week, day), rangeRow()] };
}

/** The week without one window of a day. */
export function withoutWindow(week: WorkWeek, day: DayKey, index: number): WorkWeek {
  return { ...week, [day]: week[day].filter((_, i) => i !== index) };
}

/** The name of a window in messages and labels: 'Montag' alone, else 'Montag, 2. Zeitfenster'. */
export function windowName(day: DayKey, index: number, count: number): string {
  const name = dayName(day);
  return count > 1 ? `${name}, ${index + 1}. Zeitfenster` : name;
}

/** The German name of a day. */
export function dayName(day: DayKey): string {
  return germanWeekdayNames[englishWeekdayKeys.indexOf(day)];
}

/** A day's complete windows as the payload sends them, by start time. */
function completeWindows(rows: RangeRow[]): { start: string; end: string }[] {
  return rows.filter((r) => r.start && r.end).map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * What stops a save, in German and naming the window; '' when all is well: a window with only
 * one side, an end not after its start, or two windows of one day that overlap.
 */
export function workWeekProblem(week: WorkWeek): string {
  for (const day of englishWeekdayKeys) {
    const rows = week[day];
    for (const [i, row] of rows.entries()) {
      const name = `Arbeitszeit ${windowName(day, i, rows.length)}`;
      if (!!row.start !== !!row.end) {
        return `${name}: Bitte geben Sie ${
          row.start ? "auch das Ende" : "auch den Beginn"
        } an oder leeren Sie die Zeile. Es wurde nichts gespeichert.`;
      }
      if (row.start && row.end <= row.start) {
        return `${name}: Das Ende muss nach dem Beginn liegen.`;
      }
    }
    const windows = completeWindows(rows);
    for (let i = 1; i < windows.length; i++) {
      if (windows[i].start < windows[i - 1].end) {
        return `Arbeitszeit ${dayName(day)}: Die Zeitfenster ${windows[i - 1].start}–${
          windows[i - 1].end
        } und ${windows[i].start}–${windows[i].end} überschneiden sich.`;
      }
    }
  }
  return "";
}

/**
 * The payload part for the working times: nothing when no day changed since `loaded` (so a save of
 * the phone number rewrites no working time), otherwise the changed days and all their windows.
 * `loaded` null (a new instructor): every day with a window.
 */
export function workWeekPayload(week: WorkWeek, loaded: WorkWeek | null) {
  const changed = englishWeekdayKeys.filter((day) => {
    const now = JSON.stringify(completeWindows(week[day]));
    return loaded ? now !== JSON.stringify(completeWindows(loaded[day])) : now !== "[]";
  });
  if (changed.length === 0) return {};
  return {
    work_days: changed,
    work_schedule: changed.flatMap((day) =>
      completeWindows(week[day]).map((window) => ({ day, ...window }))
    ),
  };
}
