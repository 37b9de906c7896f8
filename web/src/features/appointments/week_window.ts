import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { minutesOf } from "../../../../common/time.ts";
import { dayWindow, type Lesson } from "./schedule_layout.ts";
import type { ScheduleFrame } from "./use_schedule_availability.ts";

/**
 * The hours every day bar of a week spans: the day grid's 07:00 to 21:00, widened to each
 * lesson and working hour of the shown instructors, one window for the whole week so the same
 * hour is at the same place in every cell.
 */
export function weekWindow(
  lessons: Lesson[],
  instructors: ScheduleInstructor[],
  days: string[],
  frame: ScheduleFrame,
): { startHour: number; endHour: number } {
  const work = instructors.flatMap((i) =>
    days.flatMap((d) => frame.dayOf(i.id, d)?.work ?? []).map((w) => ({
      start: minutesOf(w.start),
      end: minutesOf(w.end),
    }))
  );
  return dayWindow(lessons, work);
}
