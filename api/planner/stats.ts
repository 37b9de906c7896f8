import type { Sql } from "../../db/connection.ts";
import type {
  DashboardStats,
  FairnessStats,
  WorkloadStats,
} from "../../common/contract/dashboard_stats.ts";
import { fairnessRow, overviewCounts, workloadRow } from "./stats_queries.ts";

type Row = Record<string, any>;

/** The shares and averages of sharesSql, named for students or instructors, in the spec's order. */
function shares(who: "students" | "instructors", row: Row) {
  return {
    [`${who}_with_appointments`]: row.with_appointments,
    [`${who}_with_appointments_percent`]: row.with_percent,
    [`${who}_without_appointments`]: row.without_appointments,
    [`${who}_without_appointments_percent`]: row.without_percent,
    avg_appointments_total: row.avg_total,
    avg_appointments_with_appointments: row.avg_with,
  };
}

function fairness(f: Row): FairnessStats {
  return {
    distribution: {
      "0-20%": f.p0,
      "21-40%": f.p21,
      "41-60%": f.p41,
      "61-80%": f.p61,
      "81-100%": f.p81,
    },
    students_without_need: f.without_need,
    ...shares("students", f),
    fairness_score: f.fairness_score,
  } as FairnessStats;
}

function workload(w: Row): WorkloadStats {
  return {
    distribution: {
      "0": w.b0,
      "1-10": w.b1,
      "11-20": w.b11,
      "21-30": w.b21,
      "31-40": w.b31,
      "41+": w.b41,
    },
    ...shares("instructors", w),
    min_appointments: w.min_appointments,
    max_appointments: w.max_appointments,
    top_instructors: w.top_instructors,
    avg_utilization_percent: w.avg_utilization,
    utilization_distribution: {
      "0%": w.u0,
      "1-20%": w.u1,
      "21-40%": w.u21,
      "41-60%": w.u41,
      "61-80%": w.u61,
      "81-100%": w.u81,
    },
    top_instructors_by_utilization: w.top_by_utilization,
  } as WorkloadStats;
}

/**
 * The dashboard statistics (spec 01 §3 "Stats"): the system overview counts, fairness across the
 * students and the instructors' workload. Fairness and workload count the non-cancelled
 * appointments that start in the planning horizon (the 30 days from tomorrow on the school's
 * calendar) and cover the active students and instructors; the counts cover every non-cancelled
 * appointment. Three queries, one per part, each aggregating in SQL, in one read-only snapshot.
 */
export async function dashboardStats(sql: Sql): Promise<DashboardStats> {
  // One snapshot (and one now()), so the parts agree even while the planner writes.
  const [counts, f, w] = await sql.begin(
    "isolation level repeatable read read only",
    async (tx) => {
      // The series over the horizon's days and hours make Postgres estimate millions of rows where
      // there are a few thousand, so it JIT-compiled the workload query: 1.5 s of compiling for
      // 7 ms of work, 0.4-7 s a dashboard under load (found by the soak bench, issue 24).
      await tx`set local jit = off`;
      return [await overviewCounts(tx), await fairnessRow(tx), await workloadRow(tx)] as const;
    },
  );
  return { ...counts, fairness: fairness(f), instructor_workload: workload(w) };
}
