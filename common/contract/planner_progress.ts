import { z } from "zod";
import { replanOutcomeSchema } from "./affected.ts";

/** One need the planner could not meet, with the German reason (spec 01 §3). */
export const unplannedNeedSchema = z.object({
  student: z.string(),
  student_name: z.string(),
  transmission: z.enum(["manual", "automatic"]),
  /** Special drives only (issue 22): the kind; `missing` then counts 45-minute units. */
  kind: z.enum(["overland", "highway", "night"]).optional(),
  missing: z.number(),
  reason: z.string(),
});

/** A student whose exam comes before their needs could be met ("Prüfung gefährdet", issue 22). */
export const examAtRiskSchema = z.object({
  student_name: z.string(),
  /** Local "YYYY-MM-DDTHH:MM". */
  exam_at: z.string(),
  missing_lessons: z.number(),
  missing_units: z.number(),
  reason: z.string(),
});

/** The spec's "Planner progress" entity as GET /admin/planner-progress/ answers it. */
/** One student's regular instructor in a finished run (issue 13, continuity). */
export const regularInstructorSchema = z.object({
  student_name: z.string(),
  instructor_name: z.string(),
  /** Share of the student's new lessons with that instructor, in percent. */
  share_percent: z.number(),
  instructors_per_month: z.number(),
});

export const plannerProgressSchema = z.object({
  job_id: z.number().nullable(),
  /** 'full' plans every need; 'replan_affected' moves only the lessons inside absences. */
  kind: z.enum(["full", "replan_affected"]),
  /** A queued job is reported as running. */
  status: z.enum(["idle", "running", "completed", "cancelled", "failed"]),
  progress_percent: z.number(),
  current_step: z.string(),
  total_variables: z.number(),
  processed_variables: z.number(),
  error_message: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  activity_log: z.array(z.string()),
  appointments_created: z.number(),
  /** New lessons over the planner's upper bound for this run, in percent. */
  coverage_percent: z.number(),
  /** Candidate lesson hours (student, day, hour) the planner considered. */
  total_intervals: z.number(),
  appointments_before: z.number(),
  improvement_percent: z.number(),
  students_coverage_percent: z.number(),
  students_with_appointments: z.number(),
  /** Students in the plan: those with open needs or lessons in the horizon. */
  students_total: z.number(),
  /** All active students, planned or not; null in a result written before it was reported. */
  students_active: z.number().nullable(),
  avg_appointments_per_instructor: z.number(),
  instructors_total: z.number(),
  planning_horizon_days: z.number(),
  duration_minutes: z.number(),
  upper_bound: z.number(),
  /** Distinct instructors a student meets per calendar month, on average (0: not reported). */
  instructors_per_month: z.number(),
  /**
   * Lowest and highest instructor share in percent: lessons in the horizon over the monthly target
   * (pro rata) or the lessons they could give (docs/planner-format.md); 0 and 0: not reported.
   */
  min_instructor_share_percent: z.number(),
  max_instructor_share_percent: z.number(),
  /** Each planned student's regular instructor (Stammfahrlehrer), by name. */
  regular_instructors: z.array(regularInstructorSchema),
  unplanned: z.array(unplannedNeedSchema),
  /** Students whose exam is at risk (this run left needs of theirs open); [] for older runs. */
  exams_at_risk: z.array(examAtRiskSchema),
  /** The moved and cancelled lessons of a finished re-planning; null for other runs. */
  replan: replanOutcomeSchema.nullable(),
});

export type UnplannedNeed = z.infer<typeof unplannedNeedSchema>;
export type ExamAtRisk = z.infer<typeof examAtRiskSchema>;
export type RegularInstructor = z.infer<typeof regularInstructorSchema>;
export type PlannerProgress = z.infer<typeof plannerProgressSchema>;

/**
 * GET /admin/last-planner-run/: the latest job's result if it is a completed full run, shown or
 * not (the card resets a run once shown; its reasons must survive a reload), else null.
 */
export const lastRunSchema = z.object({ run: plannerProgressSchema.nullable() });
