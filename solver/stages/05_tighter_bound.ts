/**
 * Stage 5: the upper bound checked against the routed plan. The merged relaxation where it could
 * tighten a figure (bounds/bound.ts), then, only while the plan is below the bound, the Lagrangian
 * bound (bounds/lagrange_bound.ts): where it meets the plan, the plan is proven optimal and the
 * exact repair has nothing to look for.
 */
import { bounds, hasBothTransmissions } from "../bounds/bound.ts";
import { withUnusableHoursClosed } from "../bounds/unusable_hours.ts";
import { lagrangeBound } from "../bounds/lagrange_bound.ts";
import { shareWithinLessons } from "../bounds/share_cap.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import type { Routed } from "./04_route.ts";

export interface Checked extends Routed {
  /** The bounds on lessons and on the lowest share that no valid plan exceeds. */
  reference: { upperBound: number; minShareBound: number };
  lagrange: { evaluations: number };
}

export function tighterBound(s: Routed): Checked {
  const { run, model, lessons } = s;
  let reference = bounds(model, { lessons: s.splitLessons, share: s.fairShare }, {
    lessons: lessons.length,
    minShare: lowestShareOf(run.instance, lessons),
  });
  let lagrange = { evaluations: 0 };
  if (lessons.length < reference.upperBound) {
    // Below the flow's bound, first a tighter bound (lagrange_bound.ts): where it meets the plan,
    // the plan is proven optimal and the exact repair has nothing to look for.
    const t0 = performance.now();
    const tighter = lagrangeBound(model, {
      work: run.work("lagrangeEvaluations"),
      reached: lessons.length,
    });
    let upperBound = Math.min(reference.upperBound, tighter.upperBound);
    let evaluations = tighter.evaluations;
    if (lessons.length < upperBound) {
      // Still below: the same bound once more on the model with the hours no lesson can take
      // closed (bounds/unusable_hours.ts), its prices started at the merged side's cut (which
      // relaxes students with both transmissions as the Lagrangian does). Second, not instead, so
      // that plans the first one proved optimal stay as they were, stats included.
      const closed = withUnusableHoursClosed(model).model;
      const second = lagrangeBound(closed, {
        work: run.work("lagrangeEvaluations"),
        reached: lessons.length,
        start: hasBothTransmissions(run.instance) ? "merged" : "split",
      });
      upperBound = Math.min(upperBound, second.upperBound);
      evaluations += second.evaluations;
    }
    reference = {
      upperBound,
      minShareBound: shareWithinLessons(run.instance, upperBound, reference.minShareBound),
    };
    lagrange = { evaluations };
    run.timing.lagrangeMs = performance.now() - t0;
  }
  return { ...s, reference, lagrange };
}
