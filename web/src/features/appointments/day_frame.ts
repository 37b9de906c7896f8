/**
 * An instructor's day behind the lessons of the overview (issue 25.7), for the day grid and the
 * week's cells alike: the working hours shaded, absences and blocks drawn as labelled spans, a
 * lesson outside them marked, and the hour the day grid opens at. Pure, so it is tested alone.
 */
import type {
  ScheduleClosedDay,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { minutesOf } from "../../../../common/time.ts";
import { type Lesson, lessonMinutes } from "./schedule_layout.ts";

/** A labelled span of a column: an absence (or the school closed) or a block of the day. */
export interface FrameSpan {
  kind: "absence" | "block";
  label: string;
  /** what was entered with it ('Skiurlaub'), or '' */
  note: string;
  /** label and note, for the tooltip */
  title: string;
  /** minutes since midnight; a whole-day span runs 0 to 24:00 */
  start: number;
  end: number;
  wholeDay: boolean;
}

const dayEnd = 24 * 60;

/** The spans of one instructor's day, absences first; the school's closed days count as absences. */
export function frameSpans(
  day: ScheduleInstructorDay | undefined,
  closed: ScheduleClosedDay[],
): FrameSpan[] {
  const absences: FrameSpan[] = [
    ...closed.map((c) => {
      const label = c.kind === "holiday" ? "Feiertag" : "Fahrschule geschlossen";
      return {
        kind: "absence" as const,
        label,
        note: c.name,
        title: `${label}: ${c.name}`,
        start: c.from ? minutesOf(c.from) : 0,
        end: dayEnd,
        wholeDay: !c.from,
      };
    }),
    ...(day?.absences ?? []).map((a) => ({
      kind: "absence" as const,
      label: a.label,
      note: a.description,
      title: a.description ? `${a.label}: ${a.description}` : a.label,
      start: a.start ? minutesOf(a.start) : 0,
      end: a.end ? minutesOf(a.end) : dayEnd,
      wholeDay: !a.start,
    })),
  ];
  const blocks: FrameSpan[] = (day?.blocks ?? []).map((b) => ({
    kind: "block",
    label: b.label,
    note: "",
    title: b.label,
    start: minutesOf(b.start),
    end: minutesOf(b.end),
    wholeDay: false,
  }));
  return [...absences, ...blocks];
}

/** The first whole-day absence of the day (what the column head says instead of the hours). */
export function wholeDayAbsence(spans: FrameSpan[]): FrameSpan | undefined {
  return spans.find((s) => s.kind === "absence" && s.wholeDay);
}

/**
 * What an instructor's head says of the day's hours: '08:00–16:00', 'Keine Arbeitszeit' on a day
 * off, 'Keine Arbeitszeit eingetragen' when none are entered at all; '' while not loaded.
 */
export function workHoursText(day: ScheduleInstructorDay | undefined): string {
  if (!day) return "";
  if (!day.work_entered) return "Keine Arbeitszeit eingetragen";
  return day.work.map((w) => `${w.start}–${w.end}`).join(", ") || "Keine Arbeitszeit";
}

/** True when every day of the list is loaded and its instructor has no working hours entered. */
export function noWorkEntered(days: (ScheduleInstructorDay | undefined)[]): boolean {
  return days.length > 0 && days.every((d) => d !== undefined && !d.work_entered);
}

/** True when the union of the spans covers every minute from `from` to `to`. */
function covered(spans: { start: string; end: string }[], from: number, to: number): boolean {
  let reached = from;
  const sorted = spans.map((s) => [minutesOf(s.start), minutesOf(s.end)])
    .sort((a, b) => a[0] - b[0]);
  for (const [start, end] of sorted) {
    if (start > reached) break;
    reached = Math.max(reached, end);
  }
  return reached >= to;
}

/**
 * Why a lesson does not fit the instructor's day, or '' when it does: in an absence, in a block,
 * or (not wholly inside the working hours) 'außerhalb der Arbeitszeit'. The same order as the
 * conflict check of a manual booking (api/appointments/conflicts.ts). A cancelled lesson takes
 * no time and is never marked; without the day (not loaded yet) nothing is marked. Nor is a
 * lesson for the working hours of an instructor who has none entered at all: a school that never
 * entered any would see every lesson marked, which says nothing.
 */
export function lessonWarning(
  lesson: Lesson,
  day: ScheduleInstructorDay | undefined,
  spans: FrameSpan[],
): string {
  if (!day || lesson.status === "cancelled") return "";
  const { start, end } = lessonMinutes(lesson);
  const hit = spans.find((s) => s.start < end && start < s.end);
  if (hit?.kind === "absence") return `Fahrlehrer abwesend (${hit.label})`;
  if (hit) return `während ${hit.label}`;
  if (day.work_entered && !covered(day.work, start, end)) return "außerhalb der Arbeitszeit";
  return "";
}

/**
 * The minute of the day the grid opens at. An office looks at another day to see what is
 * planned, so it opens at the first lesson. Today it looks at what happens now: the current hour
 * (lessons already over are a scroll up), but not before the first lesson and not when every
 * lesson is over (then the day is reviewed from its first lesson). A day without lessons opens
 * at the earliest working hour; null when there is nothing to open at.
 */
export function openingMinute(
  lessons: Lesson[],
  days: (ScheduleInstructorDay | undefined)[],
  now: number | null,
): number | null {
  const times = lessons.map(lessonMinutes);
  if (times.length) {
    const first = Math.min(...times.map((t) => t.start));
    const stillToCome = now !== null && times.some((t) => t.end > now);
    if (!stillToCome) return first;
    return Math.max(first, Math.floor(now / 60) * 60);
  }
  const work = days.flatMap((d) => d?.work ?? []).map((w) => minutesOf(w.start));
  return work.length ? Math.min(...work) : null;
}
