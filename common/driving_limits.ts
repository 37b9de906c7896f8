/**
 * The numbers of German driving lessons that both the planner's rules (solver/rules/) and the
 * office's free-slot search (api/appointments/free_slots.ts) obey: one place, so the search never
 * offers what the planner would refuse.
 */

/** The most minutes an instructor may drive on one day (Fahrlehrergesetz, counted in minutes). */
export const MAX_DRIVING_MINUTES_PER_DAY = 495;

/** A unit of a special drive (Sonderfahrt): 45 minutes, as the law counts them. */
export const UNIT_MINUTES = 45;

/** Units per special drive: 2 as a double lesson (90 minutes), else 1. */
export function unitsPerDrive(double: boolean): number {
  return double ? 2 : 1;
}

/** New lessons a student may still get on a day that already holds `fixed` lessons. */
export function studentDayCapacity(maxLessonsPerStudentPerDay: number, fixed: number): number {
  return Math.max(0, maxLessonsPerStudentPerDay - fixed);
}
