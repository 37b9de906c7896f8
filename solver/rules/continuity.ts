/** Soft rule: a student keeps as few different instructors as possible. */

/**
 * Share of the weight charged per lesson away from the student's main instructor. The count of
 * instructors only drops when a student's last lesson with someone moves, so without this slope a
 * local search would see no gain in the single moves that lead there.
 */
export const CONTINUITY_SLOPE = 0.2;

/** Search cost of one student's lessons per instructor (index = instructor): the penalty plus the slope. */
export function continuityCost(lessonsByInstructor: ArrayLike<number>, weight: number): number {
  if (weight === 0) return 0;
  let distinct = 0, total = 0, most = 0;
  for (let i = 0; i < lessonsByInstructor.length; i++) {
    const n = lessonsByInstructor[i];
    if (n <= 0) continue;
    distinct++;
    total += n;
    if (n > most) most = n;
  }
  return continuityCostOfTally(distinct, total, most, weight);
}

/**
 * The same cost from a tally: instructors with lessons, lessons, and lessons with the main
 * instructor. The search keeps these per student, so trying a move costs no pass over a row.
 */
export function continuityCostOfTally(
  distinct: number,
  total: number,
  most: number,
  weight: number,
): number {
  return weight * (Math.max(0, distinct - 1) + CONTINUITY_SLOPE * (total - most));
}

/**
 * Share of the weight charged per instructor beyond the first that a student meets in one
 * calendar month (the figure a driving school watches, continuity_report.ts), on top of the
 * horizon-wide cost above, so a second instructor is pushed into as few months as possible.
 */
export const MONTH_SHARE = 1;

/** Search cost of one student-month with `distinct` instructors. */
export function monthContinuityCost(distinct: number, weight: number): number {
  return weight * MONTH_SHARE * Math.max(0, distinct - 1);
}
