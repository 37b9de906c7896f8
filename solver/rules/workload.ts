/** Soft rule: an instructor's lessons in the horizon stay within balanceWorkload percent of their goal. */

/** The goal: the pro-rata monthly target, but never more than the instructor could possibly give. */
export function workloadGoal(monthlyHoursTarget: number, days: number, possible: number): number {
  return Math.min(monthlyHoursTarget * days / 30, possible);
}

/** True when `given` lies within `percent` of the goal. */
export function withinTolerance(given: number, goal: number, percent: number): boolean {
  return Math.abs(given - goal) <= (percent / 100) * goal + 1e-9;
}

/**
 * Weight of the workload rule in the search; the setting itself is the tolerance, not a weight,
 * and 0 switches the rule off.
 */
export const WORKLOAD_WEIGHT = 120;

/**
 * Penalty of an instructor outside the tolerance band: the weight once plus the weight times the
 * square root of the lessons missing to (or beyond) the band. Concave, because with a fixed number
 * of lessons only concentrating them brings instructors into their bands: a lesson taken from one
 * far below and given to one just below pays off; a linear term would see no difference.
 */
export function workloadPenalty(given: number, goal: number, percent: number): number {
  if (goal <= 0 || percent <= 0) return 0;
  const slack = (percent / 100) * goal + 1e-9;
  const outside = Math.abs(given - goal) - slack;
  return outside > 0 ? WORKLOAD_WEIGHT * (1 + Math.sqrt(outside)) : 0;
}
