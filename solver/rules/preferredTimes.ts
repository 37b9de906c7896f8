/** Soft rule: lessons inside the student's preferred windows. */
import type { Student } from "../instance.ts";
import { hoursCovered } from "./availability.ts";

/** Hours (0..23) of a weekday that lie inside the student's preferred windows. */
export function preferredHours(student: Student, weekday: number): boolean[] {
  return hoursCovered((student.preferred ?? []).filter((w) => w.day === weekday));
}
