/**
 * Stage 6: while the lessons are below the upper bound, a flow search over every set of hours
 * the break rule allows per instructor day (routing/break_patterns.ts); while the lowest share is
 * below the relaxations' best (whatever the lessons), the same search with a share kept
 * (routing/fair_patterns.ts); then, still below the bound and unless the caller switched it off,
 * the exact repair (exact/exact_repair.ts): days and pairs of days solved again as mixed-integer
 * programmes, kept only with more lessons and nobody below the lowest share.
 */
import { exactRepair } from "../exact/exact_repair.ts";
import { planInBreakPatterns } from "../routing/break_patterns.ts";
import { fairerInBreakPatterns } from "../routing/fair_patterns.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import type { Checked } from "./05_tighter_bound.ts";
import { pickupRuleBinds } from "../rules/pickup_change.ts";
import { oneVehiclePerDayOn } from "../rules/one_vehicle_per_day.ts";

export interface Repaired extends Checked {
  exact: { daysSolved: number; daysImproved: number; daysTimedOut: number };
  /** Tries of the searches over allowed sets of hours (break_patterns.ts, fair_patterns.ts). */
  patternEdges: number;
}

export function closeGaps(s: Checked): Repaired {
  const { run, model, reference } = s;
  let { lessons } = s;
  let patternEdges = 0;
  if (lessons.length < reference.upperBound) {
    const work = run.work("patternEdges");
    lessons = planInBreakPatterns(model, lessons, reference.upperBound, work);
    patternEdges += work.used;
  }
  // Fairness at that many lessons: the choices above were made for lessons alone (stage 4's
  // labelled route too), so where the plan is below the relaxation's best lowest share, the same
  // search once more with that share kept (routing/fair_patterns.ts).
  if (lowestShareOf(run.instance, lessons) < reference.minShareBound - 1e-9) {
    const work = run.work("patternEdges");
    lessons = fairerInBreakPatterns(model, lessons, {
      bound: reference.minShareBound,
      target: lessons.length,
      work,
    });
    patternEdges += work.used;
  }
  let exact = { daysSolved: 0, daysImproved: 0, daysTimedOut: 0 };
  // Where a rule the flows do not see can bind (pickup points, the hard one car per instructor
  // day), stage 7's repairs re-pair and move lessons anyway, and the rows of the one car per day
  // made yalps's programmes slow (mittel with scarce cars: 400 s instead of 5 s): no exact repair.
  const unseen = pickupRuleBinds(model) || oneVehiclePerDayOn(model);
  if (lessons.length < reference.upperBound && run.options.exactRepair !== false && !unseen) {
    run.step(68, "Lücken exakt schließen", 0.68);
    const t0 = performance.now();
    const { lessons: repairedLessons, ...figures } = exactRepair(model, lessons, {
      work: run.work("exactNeighbourhoods"),
      iterations: run.options.workBudget?.exactIterationsPerNeighbourhood,
      target: reference.upperBound,
      minShare: lowestShareOf(run.instance, lessons),
    });
    lessons = repairedLessons;
    exact = figures;
    run.timing.exactMs = performance.now() - t0;
  }
  return { ...s, lessons, exact, patternEdges };
}
