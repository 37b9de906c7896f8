/** Soft rule: a student keeps as few different instructors as possible. */

/** Penalty of a student's lessons per instructor: weight per instructor beyond the first. */
export function continuityPenalty(
  lessonsByInstructor: Map<number, number>,
  weight: number,
): number {
  let distinct = 0;
  for (const n of lessonsByInstructor.values()) if (n > 0) distinct++;
  return weight * Math.max(0, distinct - 1);
}
