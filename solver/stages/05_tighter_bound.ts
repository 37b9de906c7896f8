/**
 * Stage 5: the upper bound checked against the routed plan. The merged relaxation where it could
 * tighten a figure (bounds/bound.ts), then, only while the plan is below the bound, the Lagrangian
 * bound (bounds/lagrange_bound.ts): where it meets the plan, the plan is proven optimal and the
 * exact repair has nothing to look for.
 */
import { bounds } from "../bounds/bound.ts";
import { lagrangeBound } from "../bounds/lagrange_bound.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import type { Routed } from "./04_route.ts";

export interface Checked extends Routed {
  /** The bounds on lessons and on the lowest share that no valid plan exceeds. */
  reference: { upperBound: number; minShareBound: number };
  lagrange: { evaluations: number; ms: number };
}

export function tighterBound(s: Routed): Checked {
  const { run, model, lessons } = s;
  let reference = bounds(model, { lessons: s.splitLessons, share: s.fairShare }, {
    lessons: lessons.length,
    minShare: lowestShareOf(run.instance, lessons),
  });
  let lagrange = { evaluations: 0, ms: 0 };
  if (lessons.length < reference.upperBound) {
    // Below the flow's bound, first a tighter bound (lagrange_bound.ts): where it meets the plan,
    // the plan is proven optimal and the exact repair has nothing to look for.
    const t0 = performance.now();
    const tighter = lagrangeBound(model, {
      deadline: lagrangeDeadline(
        run.started,
        run.options.timeLimitSeconds,
        run.options.lagrangeSeconds,
      ),
      reached: lessons.length,
    });
    reference = { ...reference, upperBound: Math.min(reference.upperBound, tighter.upperBound) };
    lagrange = { evaluations: tighter.evaluations, ms: performance.now() - t0 };
  }
  return { ...s, reference, lagrange };
}

/** Time the Lagrangian bound may take at most (it stops earlier once it meets the plan). */
const LAGRANGE_SECONDS = 1;

/** When the Lagrangian bound must stop: its own budget, at most a tenth of the limit. */
function lagrangeDeadline(started: number, limitSeconds?: number, ownSeconds?: number): number {
  const own = performance.now() + (ownSeconds ?? LAGRANGE_SECONDS) * 1000;
  if (!limitSeconds) return own;
  return Math.min(own, started + limitSeconds * 1000 * 0.1);
}
