/** Hard rule: at most maxHoursPerDay lessons per instructor and day, fixed appointments included. */

/** New lessons still allowed on a day that already holds `fixed` lessons. */
export function dayCapacity(maxHoursPerDay: number, fixed: number): number {
  return Math.max(0, maxHoursPerDay - fixed);
}
