/**
 * The planner's output, "fahrplan-plan/1" (docs/planner-format.md). Types only, so the referee
 * (verify.ts), the metrics (quality.ts) and the planner share them without importing each other.
 */

export interface Appointment {
  student: string;
  instructor: string;
  vehicle?: string;
  start: string;
  transmission: "manual" | "automatic";
}

/**
 * What a run reports about itself. Every claim is one the planner has proven: `upperBound` is the
 * smaller max-flow of two relaxations of the hard rules (no valid plan has more new lessons);
 * `optimal` is true only when `lessons` equals it; `bestMinShare` is there only when the plan's
 * lowest share equals `minShareBound`, the relaxations' bound on the best lowest share.
 */
export type PlanStats = {
  lessons: number;
  upperBound: number;
  /** true only when lessons === upperBound (then the plan has the most lessons possible). */
  optimal: boolean;
  /** upperBound - lessons: at most this many more lessons are possible. */
  lessonsGap: number;
  seconds: number;
  minShare: number;
  /** No valid plan has a higher lowest share than this (relaxations' best lowest share). */
  minShareBound: number;
  /** The best possible lowest share, present only when proven (minShare reaches minShareBound). */
  bestMinShare?: number;
  shareStdDev: number;
  avgInstructorsPerStudent: number;
  /**
   * Distinct instructors a student meets per calendar month, averaged over the student-months
   * with at least one lesson (continuity_report.ts).
   */
  instructorsPerMonth: number;
  preferredTimesShare: number;
  preferredInstructorShare: number;
  workloadWithinTolerance: number;
  [key: string]: number | boolean | undefined;
};

export interface Plan {
  format: "fahrplan-plan/1";
  appointments: Appointment[];
  unplanned: {
    student: string;
    transmission: "manual" | "automatic";
    missing: number;
    reason: string;
  }[];
  stats: PlanStats;
  /** Per student the regular instructor (Stammfahrlehrer) and the instructors met per month. */
  continuity: {
    student: string;
    /** The instructor with most of the student's lessons; null without lessons. */
    regularInstructor: string | null;
    /** Share of the student's lessons with the regular instructor. */
    regularShare: number;
    /** Distinct instructors per calendar month with a lesson, averaged over those months. */
    instructorsPerMonth: number;
  }[];
}
