import type { Sql } from "../../db/connection.ts";
import { fairnessRow, overviewCounts, workloadRow } from "./stats_queries.ts";

/** One instructor in a top list of the workload statistics. */
interface TopInstructor {
  first_name: string;
  last_name: string;
  username: string;
  appointments_count: number;
}

type Share =
  | "with_appointments"
  | "with_appointments_percent"
  | "without_appointments"
  | "without_appointments_percent";

/** The shares and averages of sharesSql, named for students or instructors, in the spec's order. */
function shares<Who extends string>(who: Who, row: Record<string, unknown>) {
  return {
    [`${who}_with_appointments`]: row.with_appointments,
    [`${who}_with_appointments_percent`]: row.with_percent,
    [`${who}_without_appointments`]: row.without_appointments,
    [`${who}_without_appointments_percent`]: row.without_percent,
    avg_appointments_total: row.avg_total as number,
    avg_appointments_with_appointments: row.avg_with as number,
  } as Record<`${Who}_${Share}`, number> & {
    avg_appointments_total: number;
    avg_appointments_with_appointments: number;
  };
}

/**
 * The dashboard statistics (spec 01 §3 "Stats"): the system overview counts, fairness across the
 * students and the instructors' workload. Fairness and workload count the non-cancelled
 * appointments that start in the planning horizon (the 30 days from tomorrow on the school's calendar) and
 * cover the active students and instructors; the counts cover every non-cancelled appointment.
 * Three queries, one per part, each aggregating in SQL, in one read-only snapshot.
 */
export async function dashboardStats(sql: Sql) {
  // One snapshot (and one now()), so the parts agree even while the planner writes.
  const [counts, f, w] = await sql.begin(
    "isolation level repeatable read read only",
    async (tx) => [await overviewCounts(tx), await fairnessRow(tx), await workloadRow(tx)] as const,
  );
  return {
    ...counts,
    fairness: {
      distribution: { "0": f.b0, "1": f.b1, "2": f.b2, "3": f.b3, "4": f.b4, "5+": f.b5 },
      ...shares("students", f),
      fairness_score: f.fairness_score as number,
    },
    instructor_workload: {
      distribution: {
        "0": w.b0,
        "1-10": w.b1,
        "11-20": w.b11,
        "21-30": w.b21,
        "31-40": w.b31,
        "41+": w.b41,
      },
      ...shares("instructors", w),
      min_appointments: w.min_appointments as number,
      max_appointments: w.max_appointments as number,
      top_instructors: w.top_instructors as TopInstructor[],
      avg_utilization_percent: w.avg_utilization as number,
      utilization_distribution: {
        "0%": w.u0,
        "1-20%": w.u1,
        "21-40%": w.u21,
        "41-60%": w.u41,
        "61-80%": w.u61,
        "81-100%": w.u81,
      },
      top_instructors_by_utilization: w.top_by_utilization as (TopInstructor & {
        utilization_percent: number;
      })[],
    },
  };
}
