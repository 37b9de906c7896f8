/**
 * Continuity as a driving school sees it: how many different instructors a student meets per
 * calendar month, and who their regular instructor (Stammfahrlehrer) is. Computed from the plan
 * alone (new and fixed appointments inside the horizon), like quality.ts.
 */
import { addDays } from "../calendar.ts";
import type { Instance } from "../instance.ts";
import type { Appointment } from "../plan_format.ts";

export interface StudentContinuity {
  student: string;
  /** The instructor with most of the student's lessons (ties: the preferred one, then the first listed); null without lessons. */
  regularInstructor: string | null;
  /** Share of the student's lessons with the regular instructor (0 without lessons). */
  regularShare: number;
  /** Distinct instructors per calendar month ("YYYY-MM") in which the student has a lesson. */
  instructorsByMonth: Record<string, number>;
  /** Average of instructorsByMonth over those months (0 without lessons). */
  instructorsPerMonth: number;
}

export interface ContinuityReport {
  students: StudentContinuity[];
  /**
   * The average over every student-month with at least one lesson of the distinct instructors the
   * student meets in that calendar month (1 when every student keeps one instructor per month).
   * Months without a lesson do not count, so a student who drives only in March weighs once.
   */
  instructorsPerMonth: number;
}

/** Per student the regular instructor and the instructors per month of `appointments` plus the instance's fixed ones. */
export function continuityReport(
  instance: Instance,
  appointments: Pick<Appointment, "student" | "instructor" | "start">[],
): ContinuityReport {
  const first = instance.start, end = addDays(instance.start, instance.days);
  const order = new Map(instance.instructors.map((ins, k) => [ins.id, k]));
  // student -> month -> instructors, and student -> instructor -> lessons
  const months = new Map<string, Map<string, Set<string>>>();
  const counts = new Map<string, Map<string, number>>();
  for (const a of [...instance.fixed, ...appointments]) {
    const date = a.start.slice(0, 10);
    if (date < first || date >= end) continue;
    const month = a.start.slice(0, 7);
    if (!months.has(a.student)) months.set(a.student, new Map());
    const byMonth = months.get(a.student)!;
    if (!byMonth.has(month)) byMonth.set(month, new Set());
    byMonth.get(month)!.add(a.instructor);
    if (!counts.has(a.student)) counts.set(a.student, new Map());
    const c = counts.get(a.student)!;
    c.set(a.instructor, (c.get(a.instructor) ?? 0) + 1);
  }
  let sum = 0, studentMonths = 0;
  const students = instance.students.map((st): StudentContinuity => {
    const byMonth = months.get(st.id) ?? new Map<string, Set<string>>();
    const c = counts.get(st.id) ?? new Map<string, number>();
    let regular: string | null = null, most = 0, total = 0;
    const rank = (id: string) => (id === st.preferredInstructor ? -1 : order.get(id) ?? 0);
    for (const [id, n] of c) {
      total += n;
      if (n > most || (n === most && regular !== null && rank(id) < rank(regular))) {
        (most = n, regular = id);
      }
    }
    const instructorsByMonth: Record<string, number> = {};
    let own = 0;
    for (const [month, set] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
      instructorsByMonth[month] = set.size;
      own += set.size;
      sum += set.size;
      studentMonths++;
    }
    return {
      student: st.id,
      regularInstructor: regular,
      regularShare: total ? most / total : 0,
      instructorsByMonth,
      instructorsPerMonth: byMonth.size ? own / byMonth.size : 0,
    };
  });
  return { students, instructorsPerMonth: studentMonths ? sum / studentMonths : 0 };
}
