/**
 * The one model of when a person can be planned (docs/decisions/0012-one-availability-model.md).
 * The planner's instance builder, the appointment conflict check, the self-service grid (its read
 * and its save), the CSV import and the admin forms all go through these functions, so what a
 * screen shows is what the planner uses.
 *
 * - An instructor's week is their 'work' rows: the admin's "Arbeitszeiten" and the instructor's
 *   own grid are the same rows seen from two screens.
 * - A student's week is her own 'available' rows; without any, it is derived from the school
 *   times the admin, the Excel import or the questionnaire entered (arrival to 20:00, free
 *   periods).
 * - Only the school's planned weekdays are planned; rows on other days stay stored, untouched.
 */

/** Monday (1) to Saturday (6): the default of the school's planned weekdays. */
export const defaultPlannedWeekdays: readonly number[] = [1, 2, 3, 4, 5, 6];

/** One availabilities row (times 'HH:MM'). */
export interface AvailabilityRow {
  kind: string;
  day: number | null;
  start: string;
  end: string;
  valid_from: string | null;
  valid_until: string | null;
  period: number | null;
}

export interface WeeklyWindow {
  day: number;
  start: string;
  end: string;
}

export interface WeeklyBlock {
  day: number;
  start: string;
  end: string;
  validFrom: string | null;
  validUntil: string | null;
}

/** True when the date falls into one of the inclusive absences. */
export function isAbsent(
  absences: { from: string; to: string }[] | undefined,
  date: string,
): boolean {
  return (absences ?? []).some((a) => a.from <= date && date <= a.to);
}

/** The row kind a person's own weekly time is stored as. */
export function weeklyKind(role: string): "work" | "available" {
  return role === "instructor" ? "work" : "available";
}

function windows(rows: AvailabilityRow[]): WeeklyWindow[] {
  return rows
    .filter((r) => r.day !== null && r.start < r.end)
    .map((r) => ({ day: r.day!, start: r.start, end: r.end }));
}

const onDays = (list: WeeklyWindow[], days: readonly number[]) =>
  list.filter((w) => days.includes(w.day));

/**
 * An instructor's week: work windows on planned weekdays ('available' rows written before the
 * model was one, when no 'work' rows exist), at most two every-day breaks, and weekly blocks
 * (recurring 'unavailable' rows, breaks of one weekday, every-day breaks past the second).
 */
export function instructorWeek(
  rows: AvailabilityRow[],
  plannedWeekdays: readonly number[] = defaultPlannedWeekdays,
): {
  work: WeeklyWindow[];
  breaks: { start: string; end: string }[];
  weeklyBlocks: WeeklyBlock[];
} {
  const everyDayBreaks = rows.filter((r) => r.kind === "break" && r.day === null);
  const weeklyBlocks: WeeklyBlock[] = rows
    .filter((r) =>
      r.kind === "unavailable" ||
      (r.kind === "break" && (r.day !== null || everyDayBreaks.indexOf(r) >= 2))
    )
    .flatMap((r) =>
      (r.day === null ? [1, 2, 3, 4, 5, 6, 7] : [r.day]).map((day) => ({
        day,
        start: r.start,
        end: r.end,
        validFrom: r.valid_from,
        validUntil: r.valid_until,
      }))
    )
    .filter((b) => b.start < b.end);
  return {
    work: onDays(instructorWindows(rows), plannedWeekdays),
    breaks: everyDayBreaks.slice(0, 2).map((b) => ({ start: b.start, end: b.end }))
      .filter((b) => b.start < b.end),
    weeklyBlocks,
  };
}

/**
 * True when the instructor has weekly working hours on any weekday (also one the school does not
 * plan). Without any, the office's screens treat a day as hours nobody entered rather than a day
 * off (docs/decisions/0021-instructors-without-working-hours.md); the planner does not ask.
 */
export function workHoursEntered(rows: AvailabilityRow[]): boolean {
  return instructorWindows(rows).length > 0;
}

/** All of an instructor's weekly windows, whatever the day (the grid shows the others greyed). */
function instructorWindows(rows: AvailabilityRow[]): WeeklyWindow[] {
  const work = windows(rows.filter((r) => r.kind === "work"));
  return work.length ? work : windows(rows.filter((r) => r.kind === "available"));
}

/** A student's planned windows: her own grid, else derived from the school times. */
export function studentWeek(
  rows: AvailabilityRow[],
  plannedWeekdays: readonly number[] = defaultPlannedWeekdays,
): WeeklyWindow[] {
  return onDays(studentWindows(rows, plannedWeekdays), plannedWeekdays);
}

/** True when the student has no own grid rows and is planned from her school times. */
export function studentIsDerived(rows: AvailabilityRow[]): boolean {
  return windows(rows.filter((r) => r.kind === "available")).length === 0;
}

function studentWindows(rows: AvailabilityRow[], plannedWeekdays: readonly number[]) {
  const own = windows(rows.filter((r) => r.kind === "available"));
  return own.length ? own : derivedWindows(rows, plannedWeekdays);
}

/** A student without own grid rows drives from arrival to 20:00 and in free periods. */
function derivedWindows(rows: AvailabilityRow[], plannedWeekdays: readonly number[]) {
  const out: WeeklyWindow[] = [];
  for (const r of rows) {
    if (r.day === null || !plannedWeekdays.includes(r.day)) continue;
    if (r.kind === "arrival" && r.start < "20:00") {
      out.push({ day: r.day, start: r.start, end: "20:00" });
    }
    if (r.kind === "free_period" && r.start < r.end) {
      out.push({ day: r.day, start: r.start, end: r.end });
    }
  }
  return out;
}

/**
 * The windows a person's grid shows, on every weekday (days outside the planned ones are shown
 * greyed, but shown): the instructor's work, the student's own or derived windows.
 */
export function gridWindows(
  role: string,
  rows: AvailabilityRow[],
  plannedWeekdays: readonly number[] = defaultPlannedWeekdays,
): WeeklyWindow[] {
  return role === "instructor" ? instructorWindows(rows) : studentWindows(rows, plannedWeekdays);
}

/** The grid's rows: hours starting 07:00 to 20:00. */
export const gridHours: readonly number[] = Array.from({ length: 14 }, (_, i) => 7 + i);

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The key of one grid hour: '3-08' is Wednesday 08:00. */
export function hourKey(day: number, hour: number): string {
  return `${day}-${String(hour).padStart(2, "0")}`;
}

/** The hours a list of windows marks: every hour a window overlaps (any hour of the day). */
export function markedHours(list: WeeklyWindow[]): Set<string> {
  const out = new Set<string>();
  for (const w of list) {
    for (let h = Math.floor(minutes(w.start) / 60); h * 60 < minutes(w.end); h++) {
      out.add(hourKey(w.day, h));
    }
  }
  return out;
}

/**
 * The part of one grid hour the windows cover, e.g. 08:30-09:00 of 08:00 for a day starting at
 * 08:30 (issue 25: the grid shows it as the half hour it is); the whole hour when fully covered.
 */
export function hourCover(
  list: WeeklyWindow[],
  day: number,
  hour: number,
): { start: string; end: string } {
  const from = hour * 60, to = from + 60;
  const inside = list.filter((w) =>
    w.day === day && minutes(w.start) < to && minutes(w.end) > from
  );
  const start = Math.max(from, Math.min(...inside.map((w) => minutes(w.start))));
  const end = Math.min(to, Math.max(...inside.map((w) => minutes(w.end))));
  return inside.length
    ? { start: clock(start), end: clock(end) }
    : { start: clock(from), end: clock(to) };
}

/** Merges overlapping or touching windows of a day; sorted by day and start. */
export function mergeWindows(list: WeeklyWindow[]): WeeklyWindow[] {
  const sorted = [...list].sort((a, b) => a.day - b.day || minutes(a.start) - minutes(b.start));
  const out: WeeklyWindow[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && last.day === w.day && minutes(w.start) <= minutes(last.end)) {
      if (minutes(w.end) > minutes(last.end)) last.end = w.end;
    } else out.push({ ...w });
  }
  return out;
}

/**
 * A grid save as a change: `before` is what the grid showed, `after` what it sends. Only hours in
 * the difference change; a window the user did not touch keeps its exact times (08:00-16:30 stays
 * 08:00-16:30), and days not touched are not in `changedDays`.
 */
export function applyHourChanges(
  current: WeeklyWindow[],
  before: Set<string>,
  after: Set<string>,
): { windows: WeeklyWindow[]; changedDays: Set<number> } {
  const removed = [...before].filter((k) => !after.has(k));
  const added = [...after].filter((k) => !before.has(k));
  const changedDays = new Set([...removed, ...added].map((k) => Number(k.split("-")[0])));
  let out = current.map((w) => ({ ...w }));
  for (const key of removed) {
    const [day, hour] = key.split("-").map(Number);
    const from = hour * 60;
    const to = from + 60;
    out = out.flatMap((w) => {
      if (w.day !== day || minutes(w.end) <= from || minutes(w.start) >= to) return [w];
      const parts: WeeklyWindow[] = [];
      if (minutes(w.start) < from) parts.push({ day, start: w.start, end: clock(from) });
      if (minutes(w.end) > to) parts.push({ day, start: clock(to), end: w.end });
      return parts;
    });
  }
  for (const key of added) {
    const [day, hour] = key.split("-").map(Number);
    const from = hour * 60;
    const to = from + 60;
    out.push({ day, start: clock(from), end: clock(to) });
    // A neighbour hour the grid shows marked may be only partly covered (08:30-19:00 marks 08:00):
    // the window reaching into it is stretched to the new hour, else the save would leave a
    // half-hour hole the grid never shows (issue 25).
    out = out.map((w) => {
      if (w.day !== day) return w;
      const start = minutes(w.start), end = minutes(w.end);
      if (after.has(hourKey(day, hour + 1)) && start > to && start < to + 60) {
        return { ...w, start: clock(to) };
      }
      if (after.has(hourKey(day, hour - 1)) && end < from && end > from - 60) {
        return { ...w, end: clock(from) };
      }
      return w;
    });
  }
  const merged = mergeWindows(out.filter((w) => changedDays.has(w.day)));
  return {
    windows: [...out.filter((w) => !changedDays.has(w.day)), ...merged],
    changedDays,
  };
}
