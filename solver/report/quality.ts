/** The quality measures (docs/planner-format.md) of a valid plan, computed from the plan alone. */
import { continuityReport } from "./continuity_report.ts";
import type { Instance } from "../instance.ts";
import { buildModel, type Model, slot } from "../model.ts";
import type { Plan } from "../plan_format.ts";
import { withinTolerance, workloadGoal } from "../rules/workload.ts";

export interface Quality {
  lessons: number;
  minShare: number;
  shareStdDev: number;
  avgInstructorsPerStudent: number;
  /** Distinct instructors per student and calendar month (continuity_report.ts). */
  instructorsPerMonth: number;
  preferredTimesShare: number;
  preferredInstructorShare: number;
  workloadWithinTolerance: number;
  /** Lowest and highest instructor share (instructorShares); 1 and 1 without such instructors. */
  minInstructorShare: number;
  maxInstructorShare: number;
}

/** Lessons, fairness and the soft-preference shares of a plan. */
export function measureQuality(
  instance: Instance,
  plan: Pick<Plan, "appointments">,
  model: Model = buildModel(instance),
): Quality {
  const apps = plan.appointments;
  const byStudent = new Map<string, number>();
  for (const a of apps) byStudent.set(a.student, (byStudent.get(a.student) ?? 0) + 1);
  const shares = instance.students.filter((s) => s.needs.manual + s.needs.automatic > 0)
    .map((s) => (byStudent.get(s.id) ?? 0) / (s.needs.manual + s.needs.automatic));
  const mean = shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length);
  const std = Math.sqrt(
    shares.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, shares.length),
  );

  const all = [...instance.fixed, ...apps];
  const teachers = new Map<string, Set<string>>();
  for (const a of all) {
    if (!teachers.has(a.student)) teachers.set(a.student, new Set());
    teachers.get(a.student)!.add(a.instructor);
  }
  const avgInstructors = [...teachers.values()].reduce((n, set) => n + set.size, 0) /
    Math.max(1, teachers.size);

  const dayOf = new Map(model.dates.map((d, k) => [d, k]));
  const studentIdx = model.studentIndex;
  let prefTotal = 0, prefIn = 0, instTotal = 0, instIn = 0;
  for (const a of all) {
    const s = studentIdx.get(a.student)!;
    const st = instance.students[s];
    const d = dayOf.get(a.start.slice(0, 10));
    if (st.preferred?.length && d !== undefined) {
      prefTotal++;
      if (model.studentPreferred[s][slot(d, Number(a.start.slice(11, 13)))]) prefIn++;
    }
    if (st.preferredInstructor) {
      instTotal++;
      if (a.instructor === st.preferredInstructor) instIn++;
    }
  }

  let targeted = 0, within = 0;
  instance.instructors.forEach((ins, i) => {
    if (!ins.monthlyHoursTarget) return;
    targeted++;
    const given = all.filter((a) =>
      a.instructor === ins.id && dayOf.has(a.start.slice(0, 10))
    ).length;
    const goal = workloadGoal(ins.monthlyHoursTarget, instance.days, possibleLessons(model, i));
    if (withinTolerance(given, goal, instance.settings.soft.balanceWorkload)) within++;
  });
  return {
    lessons: apps.length,
    minShare: shares.length ? Math.min(...shares) : 1,
    shareStdDev: std,
    avgInstructorsPerStudent: avgInstructors,
    instructorsPerMonth: continuityReport(instance, apps).instructorsPerMonth,
    preferredTimesShare: prefTotal ? prefIn / prefTotal : 1,
    preferredInstructorShare: instTotal ? instIn / instTotal : 1,
    workloadWithinTolerance: targeted ? within / targeted : 1,
    ...lowestAndHighest(instructorShares(model, all)),
  };
}

/** Lessons an instructor could give at most in the horizon: possible hours capped by the day, week and break limits. */
export function possibleLessons(model: ReturnType<typeof buildModel>, i: number): number {
  const s = model.instance.settings;
  const perWeek = new Array(model.weeks).fill(0);
  for (let d = 0; d < model.days; d++) {
    let hours = 0;
    for (let h = 0; h < 24; h++) hours += model.instructorPossible[i][slot(d, h)];
    const breaks = Math.floor(hours / (s.breakAfterHours + 1));
    perWeek[model.weekOfDay[d]] += Math.min(s.maxHoursPerDay, hours - breaks);
  }
  return perWeek.reduce((n, x) => n + Math.min(x, s.maxAppointmentsPerWeek), 0);
}

/**
 * What an instructor's share of lessons is measured against: the pro-rata monthlyHoursTarget
 * where set (never above what they could give, rules/workload.ts), else the lessons they could
 * give at most (possibleLessons).
 */
export function instructorCapacity(model: Model, i: number): number {
  const possible = possibleLessons(model, i);
  const target = model.instance.instructors[i].monthlyHoursTarget;
  return target ? workloadGoal(target, model.days, possible) : possible;
}

/**
 * Per instructor who could teach some student (capacity above 0 and a free hour where a student
 * needing one of their transmissions is free), lessons in the horizon (fixed ones included) over
 * their capacity; the others are left out (no plan could give them a lesson).
 */
export function instructorShares(
  model: Model,
  appointments: Pick<Plan["appointments"][number], "instructor" | "start">[],
): number[] {
  const { instance } = model;
  const demand = {
    manual: new Uint8Array(model.days * 24),
    automatic: new Uint8Array(model.days * 24),
  };
  instance.students.forEach((st, s) => {
    for (const t of ["manual", "automatic"] as const) {
      if (st.needs[t] === 0) continue;
      model.studentFree[s].forEach((free, k) => free && (demand[t][k] = 1));
    }
  });
  const dayOf = new Map(model.dates.map((d, k) => [d, k]));
  const given = new Array(instance.instructors.length).fill(0);
  for (const a of appointments) {
    const i = model.instructorIndex.get(a.instructor);
    if (i !== undefined && dayOf.has(a.start.slice(0, 10))) given[i]++;
  }
  const shares: number[] = [];
  instance.instructors.forEach((ins, i) => {
    const capacity = instructorCapacity(model, i);
    const free = model.instructorFree[i];
    const teachable = ins.transmissions.some((t) => free.some((f, k) => f && demand[t][k]));
    if (capacity > 0 && (teachable || given[i] > 0)) shares.push(given[i] / capacity);
  });
  return shares;
}

function lowestAndHighest(shares: number[]) {
  return {
    minInstructorShare: shares.length ? Math.min(...shares) : 1,
    maxInstructorShare: shares.length ? Math.max(...shares) : 1,
  };
}
