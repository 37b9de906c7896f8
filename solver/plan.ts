/**
 * The pure planning function: instance in, plan out (docs/planner-format.md). Synchronous;
 * `shouldCancel` is asked between steps and a cancel throws PlanCancelled, so a worker can run it
 * in-process.
 *
 * The stages, in order, are the files of stages/; each takes what the ones before it found and
 * returns it with its own part added. Between them the progress the planner card shows (German
 * step names; a stage may report steps of its own: 55 per routing, 68 when the exact repair runs,
 * the search's sweeps between 74 and 90).
 */
import type { Instance } from "./instance.ts";
import type { Plan, PlanTiming } from "./plan_format.ts";
import { type PlanOptions, startRun } from "./stages/run.ts";
import { buildModelAndNetwork } from "./stages/01_model.ts";
import { upperBound } from "./stages/02_upper_bound.ts";
import { fairness } from "./stages/03_fairness.ts";
import { route } from "./stages/04_route.ts";
import { tighterBound } from "./stages/05_tighter_bound.ts";
import { closeGaps } from "./stages/06_exact_repair.ts";
import { softSearch } from "./stages/07_soft_search.ts";
import { assignVehicles } from "./stages/08_vehicles.ts";
import { explainMissing } from "./stages/09_reasons.ts";
import { report } from "./stages/10_report.ts";
import { planSpecialDrives } from "./stages/00_special_drives.ts";
import { pairDoubleLessons } from "./stages/07b_double_lessons.ts";
import { addMinutes, mergeDoubles } from "./double/merge.ts";
import type { Appointment } from "./plan_format.ts";

export type { Plan, PlanStats, PlanTiming } from "./plan_format.ts";
export { PlanCancelled, type PlanOptions, type Progress } from "./stages/run.ts";
export { provenClaims } from "./stages/10_report.ts";

/** Plans the new lessons of an instance (the same plan for the same instance and options). */
export function plan(instance: Instance, options: PlanOptions = {}): Plan {
  return timedPlan(instance, options).plan;
}

/**
 * plan(), and beside it how long the run and its timed steps took. A version-2 instance gets its
 * special drives planned first (stage 0), fixed for the ordinary stages; its appointments carry
 * `end` and `kind`.
 */
export function timedPlan(
  instance: Instance,
  options: PlanOptions = {},
): { plan: Plan; timing: PlanTiming } {
  if (instance.format !== "fahrplan-instance/2") {
    const { plan, timing } = ordinaryPlan(instance, options);
    return { plan, timing };
  }
  const started = performance.now();
  const special = planSpecialDrives(instance);
  const inner = ordinaryPlan(special.rest, options);
  const lessonMinutes = instance.settings.lessonMinutes;
  // Double lessons (ordinaryDoubleLessons "prefer") are one appointment of two lessons' minutes.
  const merged = mergeDoubles(inner.plan.appointments, inner.doubles);
  const ordinary = merged.appointments.map((a) => ({
    student: a.student,
    instructor: a.instructor,
    ...(a.vehicle ? { vehicle: a.vehicle } : {}),
    start: a.start,
    end: addMinutes(a.start, lessonMinutes * (merged.doubles.has(a) ? 2 : 1)),
    transmission: a.transmission,
    kind: "driving_lesson" as const,
  }));
  const doubleStats = instance.settings.ordinaryDoubleLessons === "prefer"
    ? { ordinaryDoubleLessons: merged.doubles.size }
    : {};
  return {
    plan: {
      ...inner.plan,
      format: "fahrplan-plan/2",
      appointments: [...special.appointments, ...ordinary],
      unplanned: [...inner.plan.unplanned, ...special.unplanned],
      stats: {
        ...inner.plan.stats,
        specialDrives: special.appointments.length,
        specialUnitsMissing: special.unplanned.reduce((n, u) => n + u.missing, 0),
        ...doubleStats,
      },
    },
    timing: { ...inner.timing, seconds: Math.round(performance.now() - started) / 1000 },
  };
}

/**
 * The ordinary lessons: stages 1 to 10; beside the plan the double lessons (stage 7b) as pairs of
 * its one-hour appointments, which timedPlan writes as one appointment each.
 */
function ordinaryPlan(
  instance: Instance,
  options: PlanOptions,
): { plan: Plan; timing: PlanTiming; doubles: [Appointment, Appointment][] } {
  const run = startRun(instance, options);
  run.step(1, "Modell aufbauen");
  const modelled = buildModelAndNetwork(run);
  run.total = modelled.network.lessons.length;

  run.step(10, "Obere Schranke berechnen");
  const bounded = upperBound(modelled);

  run.step(20, "Fairness ausgleichen", 0.2);
  const fair = fairness(bounded);

  run.step(30, "Fahrstunden verteilen", 0.3);
  const routed = route(fair);

  run.step(65, "Obere Schranke prüfen", 0.65);
  const checked = tighterBound(routed);
  const repaired = closeGaps(checked);

  // The card's "Fahrlehrer zuordnen" is the search's first move (each hour's lessons to the best
  // permutation of its instructors), so both steps come before it.
  run.step(72, "Fahrlehrer zuordnen", 0.72);
  run.step(74, "Feinschliff", 0.74);
  const searched = softSearch(repaired);
  const paired = pairDoubleLessons(searched);

  run.step(90, "Fahrzeuge zuteilen", 0.9);
  const withVehicles = assignVehicles(paired);

  run.step(95, "Fehlende Fahrstunden begründen", 1);
  const explained = explainMissing(withVehicles);

  const result = report(explained);
  run.step(100, "Planung berechnet", 1);
  const seconds = (ms = 0) => Math.round(ms) / 1000;
  return {
    plan: result,
    doubles: withVehicles.doubleAppointments,
    timing: {
      seconds: seconds(performance.now() - run.started),
      lagrangeSeconds: seconds(run.timing.lagrangeMs),
      exactSeconds: seconds(run.timing.exactMs),
    },
  };
}
