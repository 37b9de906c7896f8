/**
 * The planner's output, "fahrplan-plan/1" (docs/planner-format.md): the same instance and options
 * give the same plan, byte for byte (no elapsed times in it; see PlanTiming). Types only, so the referee
 * (verify.ts), the metrics (quality.ts) and the planner share them without importing each other.
 */

export interface Appointment {
  student: string;
  instructor: string;
  vehicle?: string;
  start: string;
  /** Version 2: the end (local "YYYY-MM-DDTHH:MM"), start + lessonMinutes or the special drive's. */
  end?: string;
  transmission: "manual" | "automatic";
  /** Version 2: "driving_lesson", or the special drive's kind. */
  kind?: "driving_lesson" | "overland" | "highway" | "night";
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
  /**
   * true when the run's time limit (a safety net: the searches are limited by work) cut a search
   * short; the plan is valid but may then differ from a run without that limit.
   */
  timeLimitHit: boolean;
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
  /**
   * Lowest and highest instructor share: lessons in the horizon (fixed ones included) over the
   * pro-rata monthlyHoursTarget, or where none is set over the lessons they could give at most;
   * over the instructors who could teach some student (report/quality.ts).
   */
  minInstructorShare: number;
  maxInstructorShare: number;
  [key: string]: number | boolean | undefined;
};

export interface Plan {
  format: "fahrplan-plan/1" | "fahrplan-plan/2";
  appointments: Appointment[];
  unplanned: {
    student: string;
    transmission: "manual" | "automatic";
    /** Version 2, special drives only: the kind; `missing` then counts 45-minute units. */
    kind?: "overland" | "highway" | "night";
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

/** Elapsed times of a run: reported beside the plan (CLI, worker log), never inside it. */
export interface PlanTiming {
  /** The whole run. */
  seconds: number;
  /** The Lagrangian bound (stage 5), 0 where it did not run. */
  lagrangeSeconds: number;
  /** The exact repair (stage 6), 0 where it did not run. */
  exactSeconds: number;
}
