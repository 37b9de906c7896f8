/** Soft rule: lessons with the student's preferred instructor. */

/** Penalty: weight per lesson not with the preferred instructor (none when there is no preference). */
export function preferredInstructorPenalty(
  lessonsByInstructor: Map<number, number>,
  preferred: number,
  weight: number,
): number {
  if (preferred < 0) return 0;
  let others = 0;
  for (const [i, n] of lessonsByInstructor) if (i !== preferred) others += n;
  return weight * others;
}
