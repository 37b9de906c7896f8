/**
 * The arithmetic of the schedule overview (/uebersicht): which days a view loads, where a lesson
 * sits in the day's hour grid, and how the week is split into days. Pure, so it is tested alone.
 */
import type { AppointmentRow } from "../../../../common/contract/appointment_row.ts";
import {
  germanMonthNames,
  germanWeekdayNames,
  germanWeekdayShort,
  statusLabel,
} from "../../../../common/german_words.ts";
import { addDays, isoWeek, isoWeekday, minutesOf, mondayOf } from "../../../../common/time.ts";

/** The two views of the overview. */
export type ScheduleView = "day" | "week";

/** A lesson as the overview shows it: the admin list's appointment row. */
export type Lesson = AppointmentRow;

/** The hours the day view always shows; a lesson outside them widens the grid. */
export const dayStartHour = 7;
export const dayEndHour = 21;

/** The school days a view of `day` loads: the day itself, or its Monday to Sunday. */
export function viewRange(view: ScheduleView, day: string): { from: string; to: string } {
  if (view === "day") return { from: day, to: day };
  const monday = mondayOf(day);
  return { from: monday, to: addDays(monday, 6) };
}

/** The day one step back (-1) or on (+1): a day in the day view, a week in the week view. */
export function stepDay(view: ScheduleView, day: string, steps: number): string {
  return addDays(day, steps * (view === "day" ? 1 : 7));
}

/** Monday to Sunday of the week containing `day`. */
export function weekDays(day: string): string[] {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Start and end of a lesson in minutes since midnight of its day; one past midnight ends at 24:00. */
export function lessonMinutes(lesson: Lesson): { start: number; end: number } {
  const start = minutesOf(lesson.time);
  const end = minutesOf(lesson.end_clock);
  return { start, end: end > start ? end : 24 * 60 };
}

/**
 * The hours the day grid spans: 07:00 to 21:00, widened to the whole hours of every lesson and of
 * the `extra` spans (working hours, in minutes), so an early start is not cut off.
 */
export function dayWindow(
  lessons: Lesson[],
  extra: { start: number; end: number }[] = [],
): { startHour: number; endHour: number } {
  let startHour = dayStartHour;
  let endHour = dayEndHour;
  for (const { start, end } of [...lessons.map(lessonMinutes), ...extra]) {
    startHour = Math.min(startHour, Math.floor(start / 60));
    endHour = Math.max(endHour, Math.ceil(end / 60));
  }
  return { startHour, endHour };
}

/** The full hours whose lines the grid draws, e.g. 7..20 for 07:00-21:00. */
export function gridHours(window: { startHour: number; endHour: number }): number[] {
  return Array.from({ length: window.endHour - window.startHour }, (_, i) => window.startHour + i);
}

/** A lesson placed in an instructor's day column. */
export interface PlacedLesson {
  lesson: Lesson;
  /** minutes from the top of the grid */
  top: number;
  /** minutes the block is long */
  length: number;
  /** the lane (0-based) among lessons that overlap it, and how many lanes they need */
  lane: number;
  lanes: number;
}

/**
 * Places one instructor's lessons of a day in the hour grid. Lessons at the same time (a
 * cancelled one and the lesson that took its place) share the width side by side: each gets the
 * first lane free at its start, and every lesson of a group of overlapping ones the group's
 * number of lanes.
 */
export function placeDayLessons(
  lessons: Lesson[],
  window: { startHour: number },
): PlacedLesson[] {
  const sorted = [...lessons].sort((a, b) => {
    const x = lessonMinutes(a);
    const y = lessonMinutes(b);
    return x.start - y.start || y.end - x.end || a.id - b.id;
  });
  const placed: PlacedLesson[] = [];
  let group: PlacedLesson[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const lesson of sorted) {
    const { start, end } = lessonMinutes(lesson);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = end;
    groupEnd = Math.max(groupEnd, end);
    const item = {
      lesson,
      top: start - window.startHour * 60,
      length: end - start,
      lane,
      lanes: 1,
    };
    group.push(item);
    placed.push(item);
  }
  closeGroup();
  return placed;
}

/** The lessons of each instructor, by instructor id, in the order given. */
export function lessonsByInstructor(lessons: Lesson[]): Map<number, Lesson[]> {
  const map = new Map<number, Lesson[]>();
  for (const lesson of lessons) {
    map.set(lesson.instructor_id, [...(map.get(lesson.instructor_id) ?? []), lesson]);
  }
  return map;
}

/** The lessons of each school day, by ISO day, in the order given. */
export function lessonsByDay(lessons: Lesson[]): Map<string, Lesson[]> {
  const map = new Map<string, Lesson[]>();
  for (const lesson of lessons) map.set(lesson.date, [...(map.get(lesson.date) ?? []), lesson]);
  return map;
}

function dayAndMonth(day: string): [number, string, number] {
  const [y, m, d] = day.split("-").map(Number);
  return [d, germanMonthNames[m - 1], y];
}

/** 2026-11-23 → 'Montag, 23. November 2026' */
export function longDayTitle(day: string): string {
  const [d, month, y] = dayAndMonth(day);
  return `${germanWeekdayNames[isoWeekday(day) - 1]}, ${d}. ${month} ${y}`;
}

/** The week of 2026-11-23 → 'KW 48 · 23.–29. November 2026', across months and years in full. */
export function weekTitle(day: string): string {
  const [monday, sunday] = [mondayOf(day), addDays(mondayOf(day), 6)];
  const [d1, m1, y1] = dayAndMonth(monday);
  const [d2, m2, y2] = dayAndMonth(sunday);
  const span = y1 !== y2
    ? `${d1}. ${m1} ${y1} – ${d2}. ${m2} ${y2}`
    : m1 !== m2
    ? `${d1}. ${m1} – ${d2}. ${m2} ${y2}`
    : `${d1}.–${d2}. ${m2} ${y2}`;
  return `KW ${isoWeek(day).week} · ${span}`;
}

/** 2026-11-23 → { short: 'Mo', date: '23.11.' }, the head of a week column. */
export function dayColumnHead(day: string): { short: string; long: string; date: string } {
  const weekday = isoWeekday(day) - 1;
  return {
    short: germanWeekdayShort[weekday],
    long: germanWeekdayNames[weekday],
    date: `${day.slice(8, 10)}.${day.slice(5, 7)}.`,
  };
}

/**
 * What a screen reader says for a lesson button: time, student, instructor, then vehicle, type
 * and a status other than confirmed, e.g. '14:00 bis 15:30, Paul Becker bei Bernd Zander,
 * DO-FS 101, Fahrstunde, Storniert'.
 */
export function lessonLabel(lesson: Lesson, options: { withDate?: boolean } = {}): string {
  const [d, month] = dayAndMonth(lesson.date);
  const when = options.withDate
    ? `${germanWeekdayNames[isoWeekday(lesson.date) - 1]}, ${d}. ${month}, `
    : "";
  return [
    `${when}${lesson.time} bis ${lesson.end_clock}`,
    `${lesson.student_name} bei ${lesson.instructor_name}`,
    lesson.vehicle ?? "ohne Fahrzeug",
    lesson.type_display,
    lesson.status === "confirmed" ? "" : statusLabel(lesson.status),
  ].filter(Boolean).join(", ");
}
