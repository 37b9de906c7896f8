import type { SystemCounts } from "./system_overview.tsx";

/** One instructor in the workload top lists. */
export interface TopInstructor {
  first_name: string;
  last_name: string;
  username: string;
  appointments_count: number;
}

/** Fairness across the students (spec 01 §3 "Stats"), counted in the planning horizon. */
export interface FairnessStats {
  distribution: Record<"0" | "1" | "2" | "3" | "4" | "5+", number>;
  students_with_appointments: number;
  students_with_appointments_percent: number;
  students_without_appointments: number;
  students_without_appointments_percent: number;
  avg_appointments_total: number;
  avg_appointments_with_appointments: number;
  fairness_score: number;
}

/** The instructors' workload and utilization (spec 01 §3 "Stats"). */
export interface WorkloadStats {
  distribution: Record<"0" | "1-10" | "11-20" | "21-30" | "31-40" | "41+", number>;
  instructors_with_appointments: number;
  instructors_with_appointments_percent: number;
  instructors_without_appointments: number;
  instructors_without_appointments_percent: number;
  avg_appointments_total: number;
  avg_appointments_with_appointments: number;
  min_appointments: number;
  max_appointments: number;
  top_instructors: TopInstructor[];
  avg_utilization_percent: number;
  utilization_distribution: Record<
    "0%" | "1-20%" | "21-40%" | "41-60%" | "61-80%" | "81-100%",
    number
  >;
  top_instructors_by_utilization: (TopInstructor & { utilization_percent: number })[];
}

/** What GET /admin/stats/ answers. */
export interface DashboardStats extends SystemCounts {
  fairness: FairnessStats;
  instructor_workload: WorkloadStats;
}
