/** Soft rule: lessons inside the student's preferred windows. */
import type { Student } from "../instance.ts";
import { hoursCovered } from "./availability.ts";

/** Hours (0..23) of a weekday that lie inside the student's preferred windows. */
export function preferredHours(student: Student, weekday: number): boolean[] {
  return hoursCovered((student.preferred ?? []).filter((w) => w.day === weekday));
}

/** Penalty of one lesson: the weight when the student has preferred windows and the lesson lies outside them. */
export function preferredTimePenalty(
  hasPreferred: boolean,
  insidePreferred: boolean,
  weight: number,
): number {
  return hasPreferred && !insidePreferred ? weight : 0;
}
