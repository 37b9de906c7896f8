/** Hard rule: at most maxLessonsPerStudentPerDay lessons per student and day, fixed appointments included. */

/** New lessons a student may still get on a day that already holds `fixed` lessons. */
export function studentDayCapacity(maxLessonsPerStudentPerDay: number, fixed: number): number {
  return Math.max(0, maxLessonsPerStudentPerDay - fixed);
}
