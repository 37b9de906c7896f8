import type { ReplanOutcome } from "../../common/contract/affected.ts";
import type {
  ExamAtRisk,
  PlannerProgress,
  RegularInstructor,
  UnplannedNeed,
} from "../../common/contract/planner_progress.ts";
import { HORIZON_DAYS } from "../../common/school_rules.ts";
import type { JobRow } from "./queries.ts";
import { STALLED_STEP } from "../../common/planner_jobs.ts";

const number = (value: unknown) => (typeof value === "number" ? value : 0);

/** Maps a job row (or none) to the progress answer; a queued job counts as running. */
export function toProgress(job: JobRow | undefined): PlannerProgress {
  const r = job?.result ?? {};
  const status = !job
    ? "idle"
    : job.status === "queued" || job.status === "running"
    ? "running"
    : job.status;
  return {
    job_id: job?.id ?? null,
    kind: job?.kind ?? "full",
    status,
    progress_percent: job?.progress_percent ?? 0,
    // A dead worker's last step ("15 %") would otherwise stand until another one takes over.
    current_step: job?.stalled ? STALLED_STEP : job?.current_step ?? "",
    total_variables: job?.total_variables ?? 0,
    processed_variables: job?.processed_variables ?? 0,
    error_message: job?.error_message ?? null,
    started_at: job?.started_at ?? job?.created_at ?? null,
    finished_at: job?.finished_at ?? null,
    activity_log: job?.activity_log ?? [],
    appointments_created: number(r.appointments_created),
    coverage_percent: number(r.coverage_percent),
    total_intervals: number(r.total_intervals),
    appointments_before: number(r.appointments_before),
    improvement_percent: number(r.improvement_percent),
    students_coverage_percent: number(r.students_coverage_percent),
    students_with_appointments: number(r.students_with_appointments),
    students_total: number(r.students_total),
    students_active: typeof r.students_active === "number" ? r.students_active : null,
    avg_appointments_per_instructor: number(r.avg_appointments_per_instructor),
    instructors_total: number(r.instructors_total),
    planning_horizon_days: number(r.planning_horizon_days) || HORIZON_DAYS,
    duration_minutes: number(r.duration_minutes),
    upper_bound: number(r.upper_bound),
    instructors_per_month: number(r.instructors_per_month),
    min_instructor_share_percent: number(r.min_instructor_share_percent),
    max_instructor_share_percent: number(r.max_instructor_share_percent),
    regular_instructors: Array.isArray(r.regular_instructors)
      ? r.regular_instructors as RegularInstructor[]
      : [],
    unplanned: Array.isArray(r.unplanned) ? r.unplanned as UnplannedNeed[] : [],
    exams_at_risk: Array.isArray(r.exams_at_risk) ? r.exams_at_risk as ExamAtRisk[] : [],
    replan: job?.kind === "replan_affected" && r.replan && typeof r.replan === "object"
      ? r.replan as ReplanOutcome
      : null,
  };
}
