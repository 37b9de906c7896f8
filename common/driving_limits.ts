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

/** The special drives (Sonderfahrten): Überland, Autobahn, Nacht. */
const SPECIAL_DRIVES: readonly string[] = ["overland", "highway", "night"];

/** An exam or a theory block: one hour unless the office says otherwise. */
const OTHER_MINUTES = 60;

/**
 * The length a lesson of `kind` gets unless the office types one: the school's Fahrstunde (45 or
 * 60 minutes), a special drive in 45-minute units (90 as a Doppelstunde), else an hour. The add
 * dialog's default and the free-slot search share it, so a picked slot fits the form.
 */
export function defaultLessonMinutes(
  kind: string,
  training: { lessonMinutes: number; specialDrivesDouble: boolean },
): number {
  if (SPECIAL_DRIVES.includes(kind)) {
    return UNIT_MINUTES * unitsPerDrive(training.specialDrivesDouble);
  }
  return kind === "driving_lesson" ? training.lessonMinutes : OTHER_MINUTES;
}
