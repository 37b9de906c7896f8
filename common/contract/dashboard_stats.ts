import { z } from "zod";

const count = z.number();

/** A bucketed distribution: how many people fall into each named range. */
const buckets = <const Key extends string>(keys: readonly Key[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, count])) as Record<Key, typeof count>);

const shareNames = [
  "with_appointments",
  "with_appointments_percent",
  "without_appointments",
  "without_appointments_percent",
] as const;

/** The shares and averages fairness (students) and workload (instructors) both answer. */
const shares = <const Who extends string>(who: Who) => ({
  ...Object.fromEntries(shareNames.map((share) => [`${who}_${share}`, z.number()])) as Record<
    `${Who}_${(typeof shareNames)[number]}`,
    z.ZodNumber
  >,
  avg_appointments_total: z.number(),
  avg_appointments_with_appointments: z.number(),
});

/** One instructor in the workload top lists. */
export const topInstructorSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  appointments_count: count,
});

/**
 * The four counts of the system overview, and what a bulk delete of appointments would remove
 * (every row, cancelled ones too; or those that start in the future), for its confirmation.
 */
export const systemCountsSchema = z.object({
  students: count,
  instructors: count,
  appointments: count,
  availabilities: count,
  appointments_stored: count,
  appointments_future: count,
});

/** The share buckets of the fairness chart, in order. */
export const needShareBuckets = ["0-20%", "21-40%", "41-60%", "61-80%", "81-100%"] as const;

/** Fairness across the active students, counted in the planning horizon (spec 01 §3 "Stats"). */
export const fairnessStatsSchema = z.object({
  /**
   * active students by the share of their need (hours still to drive) their lessons in the
   * horizon cover (issue 25, point 11); students with no need left are in `students_without_need`
   */
  distribution: buckets(needShareBuckets),
  students_without_need: count,
  ...shares("students"),
  fairness_score: z.number(),
});

/** The active instructors' workload and utilization in the planning horizon. */
export const workloadStatsSchema = z.object({
  distribution: buckets(["0", "1-10", "11-20", "21-30", "31-40", "41+"]),
  ...shares("instructors"),
  min_appointments: count,
  max_appointments: count,
  top_instructors: z.array(topInstructorSchema),
  avg_utilization_percent: z.number(),
  utilization_distribution: buckets(["0%", "1-20%", "21-40%", "41-60%", "61-80%", "81-100%"]),
  top_instructors_by_utilization: z.array(
    topInstructorSchema.extend({ utilization_percent: z.number() }),
  ),
});

/** What GET /admin/stats/ answers. */
export const dashboardStatsSchema = systemCountsSchema.extend({
  fairness: fairnessStatsSchema,
  instructor_workload: workloadStatsSchema,
});

export type TopInstructor = z.infer<typeof topInstructorSchema>;
export type SystemCounts = z.infer<typeof systemCountsSchema>;
export type FairnessStats = z.infer<typeof fairnessStatsSchema>;
export type WorkloadStats = z.infer<typeof workloadStatsSchema>;
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
