/** Soft rule: lessons with the student's preferred instructor. */

/** Penalty: weight per lesson not with the preferred instructor (none when there is no preference). */
export function preferredInstructorPenalty(
  lessonsByInstructor: Map<number, number> | ArrayLike<number>,
  preferred: number,
  weight: number,
): number {
  if (preferred < 0 || weight === 0) return 0;
  let others = 0;
  if (lessonsByInstructor instanceof Map) {
    for (const [i, n] of lessonsByInstructor) if (i !== preferred) others += n;
  } else {
    for (let i = 0; i < lessonsByInstructor.length; i++) {
      if (i !== preferred) others += lessonsByInstructor[i];
    }
  }
  return weight * others;
}
