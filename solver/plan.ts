/**
 * The pure planning function: instance in, plan out (FORMAT.md). Synchronous; `shouldCancel` is
 * asked between steps and a cancel throws PlanCancelled, so a worker can run it in-process.
 *
 * Steps: hour grids -> lesson network (a max-flow relaxation whose value is the upper bound) ->
 * best lowest share by binary search -> progressive filling up to full needs (max lessons, fair),
 * routed again preferred hours first -> repairs for per-transmission needs and runs longer than
 * the break rule -> soft search: who teaches which lesson and when (continuity, preferred
 * instructor and times, workload) -> vehicles -> reasons for what is missing.
 */
import { lessonsFromFlow } from "./assign.ts";
import { improveSoftPreferences } from "./improve.ts";
import { lessonStart } from "./calendar.ts";
import { bestMinShare } from "./fairness.ts";
import { distributeLessons } from "./distribute.ts";
import { exactRepair } from "./exact_repair.ts";
import type { Instance, Transmission } from "./instance.ts";
import { buildModel } from "./model.ts";
import { buildNetwork } from "./network.ts";
import { bestRestriction, withRestrictedBreakWindows } from "./two_hour_breaks.ts";
import { measureQuality } from "./quality.ts";
import { continuityReport } from "./continuity_report.ts";
import { reasoner } from "./reasons.ts";
import { repairUntilValid } from "./repair.ts";
import { TRANSMISSIONS } from "./rules/needs.ts";
import { pickVehicle, vehiclesByTransmission } from "./rules/vehicles.ts";
import type { Appointment, Plan, PlanStats } from "./plan_format.ts";
import { bounds } from "./bound.ts";
import { lagrangeBound } from "./lagrange_bound.ts";
import { labelDeadline, labelTransmissionDays } from "./transmission_days.ts";
import { planInBreakPatterns } from "./break_patterns.ts";

export type { Plan, PlanStats } from "./plan_format.ts";

export interface Progress {
  percent: number;
  step: string;
  processedVariables: number;
  totalVariables: number;
}

export interface PlanOptions {
  /**
   * Time for the whole run; the soft-preference search stops when it is up and keeps the best
   * valid plan so far (lessons and fairness are settled before it starts).
   */
  timeLimitSeconds?: number;
  onProgress?: (p: Progress) => void;
  shouldCancel?: () => boolean;
  /** false: skip the exact repair (exact_repair.ts), for measuring what it adds. */
  exactRepair?: boolean;
  /** Time the exact repair may take at most (default 2 s; never more than half the time limit). */
  exactRepairSeconds?: number;
  /**
   * Time the soft-preference search may take at most (default 3 s; it converges earlier on every
   * example on a quiet machine). Tests on a loaded machine give more so the result does not
   * depend on the load.
   */
  searchSeconds?: number;
  /** Time the Lagrangian bound may take at most (default 1 s; never more than a tenth of the limit). */
  lagrangeSeconds?: number;
  /**
   * Time each search for break patterns (two_hour_breaks.ts, break_patterns.ts) may take at most
   * (default 2 s; never more than a fifth of the limit).
   */
  patternSeconds?: number;
}

/** Thrown when shouldCancel() answers true. */
export class PlanCancelled extends Error {
  constructor() {
    super("Planung abgebrochen");
  }
}

/** Plans the new lessons of an instance. */
export function plan(instance: Instance, options: PlanOptions = {}): Plan {
  const started = performance.now();
  let total = 0;
  // The stage names are the planner card's (German); percentages only grow (issue 13).
  const step = (percent: number, text: string, processed = 0) => {
    if (options.shouldCancel?.()) throw new PlanCancelled();
    options.onProgress?.({
      percent,
      step: text,
      processedVariables: processed,
      totalVariables: total,
    });
  };
  step(1, "Modell aufbauen");
  const model = buildModel(instance);
  const network = buildNetwork(model, "split");
  total = network.lessons.length;

  step(10, "Obere Schranke berechnen");
  const splitLessons = network.net.maxFlow(network.source, network.sink);

  step(20, "Fairness ausgleichen", Math.round(total * 0.2));
  const fairShare = bestMinShare(network);

  step(30, "Fahrstunden verteilen", Math.round(total * 0.3));
  const route = (m: typeof model, net: typeof network, share: number) => {
    distributeLessons(m, net, share);
    step(55, "Pausenregel und Bedarfe prüfen", Math.round(total * 0.55));
    const rounds = repairUntilValid(m, net);
    const lessons = lessonsFromFlow(m, net);
    return { lessons, rounds, share: lowestShareOf(instance, lessons) };
  };
  let routed = route(model, network, fairShare);
  if (model.breakGap > 1) {
    // With two-hour breaks the plan is also routed where runs cannot grow too long
    // (two_hour_breaks.ts) and the better of both kept; the relaxation above stays the bound.
    const routeIn = (planModel: typeof model, side: "split" | "merged" | "labelled" = "split") => {
      const planNetwork = buildNetwork(planModel, side === "merged" ? "merged" : "split");
      // "labelled": each day of a student with both transmissions goes to one of them
      // (transmission_days.ts), so the flow holds every rule of the restricted model.
      if (side === "labelled") labelTransmissionDays(planModel, planNetwork, labelDeadline());
      else planNetwork.net.maxFlow(planNetwork.source, planNetwork.sink);
      keep(route(planModel, planNetwork, bestMinShare(planNetwork)));
    };
    const keep = (other: typeof routed) => {
      const more = other.lessons.length - routed.lessons.length;
      if (more > 0 || (more === 0 && other.share > routed.share)) routed = other;
    };
    routeIn(withRestrictedBreakWindows(model));
    // Below the relaxation's figure, the pattern of closed hours is shifted per instructor where
    // that lets more lessons through (two_hour_breaks.ts), and the plan routed once more.
    if (routed.lessons.length < splitLessons) {
      const better = bestRestriction(model, {
        deadline: restrictionDeadline(started, options.timeLimitSeconds, options.patternSeconds),
      });
      // Routed on both sides: the merged one keeps a student with both transmissions to one lesson
      // a day and hour, so fewer lessons are lost in repairs (mittel seed 206: one more).
      routeIn(better);
      routeIn(better, "merged");
      routeIn(better, "labelled");
    }
  }
  const repairRounds = routed.rounds;

  step(65, "Obere Schranke prüfen", Math.round(total * 0.65));
  let lessons = routed.lessons;
  let reference = bounds(model, { lessons: splitLessons, share: fairShare }, {
    lessons: lessons.length,
    minShare: lowestShareOf(instance, lessons),
  });
  let lagrange = { evaluations: 0, ms: 0 };
  if (lessons.length < reference.upperBound) {
    // Below the flow's bound, first a tighter bound (lagrange_bound.ts): where it meets the plan,
    // the plan is proven optimal and the exact repair has nothing to look for.
    const t0 = performance.now();
    const tighter = lagrangeBound(model, {
      deadline: lagrangeDeadline(started, options.timeLimitSeconds, options.lagrangeSeconds),
      reached: lessons.length,
    });
    reference = { ...reference, upperBound: Math.min(reference.upperBound, tighter.upperBound) };
    lagrange = { evaluations: tighter.evaluations, ms: performance.now() - t0 };
  }
  if (lessons.length < reference.upperBound) {
    // Still below the bound: every allowed set of hours per instructor day (break_patterns.ts).
    const deadline = restrictionDeadline(started, options.timeLimitSeconds, options.patternSeconds);
    lessons = planInBreakPatterns(model, lessons, reference.upperBound, deadline);
  }
  let exact = { daysSolved: 0, daysImproved: 0, daysTimedOut: 0, ms: 0 };
  if (lessons.length < reference.upperBound && options.exactRepair !== false) {
    step(68, "Lücken exakt schließen", Math.round(total * 0.68));
    const t0 = performance.now();
    const repaired = exactRepair(model, lessons, {
      deadline: exactDeadline(started, options.timeLimitSeconds, options.exactRepairSeconds),
      target: reference.upperBound,
      minShare: lowestShareOf(instance, lessons),
    });
    lessons = repaired.lessons;
    exact = { ...repaired, ms: performance.now() - t0 };
  }

  step(72, "Fahrlehrer zuordnen", Math.round(total * 0.72));
  const fixedPairs: [number, number][] = instance.fixed.map((f) => [
    model.studentIndex.get(f.student)!,
    model.instructorIndex.get(f.instructor)!,
  ]);

  step(74, "Feinschliff", Math.round(total * 0.74));
  let sweepsDone = 0;
  const search = improveSoftPreferences(model, lessons, fixedPairs, {
    deadline: searchDeadline(started, options.timeLimitSeconds, options.searchSeconds),
    checkCancel: () => {
      if (options.shouldCancel?.()) throw new PlanCancelled();
    },
    // Each sweep halves the distance to 90 %: it moves while the search runs, never backwards
    // (the search runs in rounds whose sweeps count from 1 again, so they are counted here).
    onSweep: () => {
      sweepsDone++;
      step(
        90 - Math.round(16 * 0.5 ** sweepsDone),
        "Feinschliff",
        Math.round(total * (0.9 - 0.16 * 0.5 ** sweepsDone)),
      );
    },
  });

  step(90, "Fahrzeuge zuteilen", Math.round(total * 0.9));
  const appointments = withVehicles(
    instance,
    lessons.map((l) => ({
      student: instance.students[l.student].id,
      instructor: instance.instructors[l.instructor].id,
      start: lessonStart(model.dates[l.day], l.hour),
      transmission: l.transmission,
    })),
  );

  step(95, "Fehlende Fahrstunden begründen", total);
  const unplanned: Plan["unplanned"] = [];
  const reasonFor = reasoner(model, lessons);
  const got = new Map<string, number>();
  for (const l of lessons) {
    got.set(`${l.student}/${l.transmission}`, (got.get(`${l.student}/${l.transmission}`) ?? 0) + 1);
  }
  instance.students.forEach((st, s) => {
    for (const t of TRANSMISSIONS) {
      const missing = st.needs[t] - (got.get(`${s}/${t}`) ?? 0);
      if (missing > 0) {
        unplanned.push({
          student: st.id,
          transmission: t,
          missing,
          reason: reasonFor(s, t),
        });
      }
    }
  });

  const quality = measureQuality(instance, { appointments }, model);
  const result: Plan = {
    format: "fahrplan-plan/1",
    appointments,
    unplanned,
    stats: {
      ...quality,
      ...provenClaims(quality, reference),
      repairRounds,
      exactDaysSolved: exact.daysSolved,
      exactDaysImproved: exact.daysImproved,
      exactDaysTimedOut: exact.daysTimedOut,
      exactSeconds: Math.round(exact.ms) / 1000,
      lagrangeEvaluations: lagrange.evaluations,
      lagrangeSeconds: Math.round(lagrange.ms) / 1000,
      searchMoves: search.moves,
      searchSweeps: search.sweeps,
      searchStoppedByTime: search.stoppedByTime ? 1 : 0,
      softPenaltyBefore: Math.round(search.penaltyBefore),
      softPenaltyAfter: Math.round(search.penaltyAfter),
      variables: total,
      seconds: Math.round(performance.now() - started) / 1000,
    },
    continuity: continuityReport(instance, appointments).students.map((c) => ({
      student: c.student,
      regularInstructor: c.regularInstructor,
      regularShare: c.regularShare,
      instructorsPerMonth: c.instructorsPerMonth,
    })),
  };
  step(100, "Planung berechnet", total);
  return result;
}

/**
 * What the run may claim: optimal only when the lessons reach the upper bound, a best lowest share
 * only when the plan's lowest share reaches the bound on it (else only the bound is reported).
 */
export function provenClaims(
  reached: { lessons: number; minShare: number },
  reference: { upperBound: number; minShareBound: number },
): Pick<PlanStats, "upperBound" | "optimal" | "lessonsGap" | "minShareBound" | "bestMinShare"> {
  const { upperBound, minShareBound } = reference;
  const proven = reached.minShare >= minShareBound - 1e-9;
  return {
    upperBound,
    optimal: reached.lessons === upperBound,
    lessonsGap: upperBound - reached.lessons,
    minShareBound,
    ...(proven ? { bestMinShare: reached.minShare } : {}),
  };
}

/** Time each search for break patterns may take at most (two_hour_breaks.ts, break_patterns.ts). */
const RESTRICTION_SECONDS = 2;

/** When the search for break patterns must stop: its own budget, at most a fifth of the limit. */
function restrictionDeadline(started: number, limitSeconds?: number, ownSeconds?: number): number {
  const own = performance.now() + (ownSeconds ?? RESTRICTION_SECONDS) * 1000;
  if (!limitSeconds) return own;
  return Math.min(own, started + limitSeconds * 1000 * 0.2);
}

/** Time the Lagrangian bound may take at most (it stops earlier once it meets the plan). */
const LAGRANGE_SECONDS = 1;

/** When the Lagrangian bound must stop: its own budget, at most a tenth of the limit. */
function lagrangeDeadline(started: number, limitSeconds?: number, ownSeconds?: number): number {
  const own = performance.now() + (ownSeconds ?? LAGRANGE_SECONDS) * 1000;
  if (!limitSeconds) return own;
  return Math.min(own, started + limitSeconds * 1000 * 0.1);
}

/** Time the exact repair may take at most (it stops earlier once the upper bound is reached). */
const EXACT_REPAIR_SECONDS = 2;

/** When the exact repair must stop: its own budget, and at most half of `timeLimitSeconds`. */
function exactDeadline(started: number, limitSeconds?: number, ownSeconds?: number): number {
  const own = performance.now() + (ownSeconds ?? EXACT_REPAIR_SECONDS) * 1000;
  if (!limitSeconds) return own;
  return Math.min(own, started + limitSeconds * 1000 * 0.5);
}

/** The lowest share of needs met over the students with needs. */
function lowestShareOf(instance: Instance, lessons: { student: number }[]): number {
  const got = new Array(instance.students.length).fill(0);
  for (const l of lessons) got[l.student]++;
  let lowest = 1;
  instance.students.forEach((st, s) => {
    const need = st.needs.manual + st.needs.automatic;
    if (need > 0) lowest = Math.min(lowest, got[s] / need);
  });
  return lowest;
}

/** Search for soft preferences without a limit; converges earlier on every example. */
const DEFAULT_SEARCH_SECONDS = 3;

/** When the soft-preference search must stop: before the limit, leaving room for vehicles and reasons. */
function searchDeadline(started: number, limitSeconds?: number, ownSeconds?: number): number {
  const own = performance.now() + (ownSeconds ?? DEFAULT_SEARCH_SECONDS) * 1000;
  if (!limitSeconds) return own;
  return Math.min(own, started + limitSeconds * 1000 * 0.9 - 50);
}

/** Gives every lesson a free vehicle of its transmission, keeping an instructor's car where possible. */
function withVehicles(instance: Instance, appointments: Appointment[]): Appointment[] {
  if (!instance.settings.vehicleAssignment || instance.vehicles.length === 0) return appointments;
  const byT = vehiclesByTransmission(instance);
  const taken = new Map<string, Set<string>>();
  for (const f of instance.fixed) {
    if (!f.vehicle) continue;
    if (!taken.has(f.start)) taken.set(f.start, new Set());
    taken.get(f.start)!.add(f.vehicle);
  }
  const lastCar = new Map<string, string>();
  const sorted = [...appointments].sort((a, b) => a.start.localeCompare(b.start));
  for (const a of sorted) {
    if (!taken.has(a.start)) taken.set(a.start, new Set());
    const used = taken.get(a.start)!;
    const car = pickVehicle(byT, a.transmission as Transmission, used, lastCar.get(a.instructor));
    if (car === null) throw new Error(`kein Fahrzeug frei am ${a.start}`);
    used.add(car);
    lastCar.set(a.instructor, car);
    a.vehicle = car;
  }
  return sorted;
}
