/** Soft rule: an instructor's lessons in the horizon stay within balanceWorkload percent of their goal. */

/** The goal: the pro-rata monthly target, but never more than the instructor could possibly give. */
export function workloadGoal(monthlyHoursTarget: number, days: number, possible: number): number {
  return Math.min(monthlyHoursTarget * days / 30, possible);
}

/** True when `given` lies within `percent` of the goal. */
export function withinTolerance(given: number, goal: number, percent: number): boolean {
  return Math.abs(given - goal) <= (percent / 100) * goal + 1e-9;
}
