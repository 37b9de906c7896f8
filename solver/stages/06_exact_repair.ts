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
import { DEFAULT_SECONDS } from "./run.ts";

export interface Repaired extends Checked {
  exact: { daysSolved: number; daysImproved: number; daysTimedOut: number; ms: number };
}

export function closeGaps(s: Checked): Repaired {
  const { run, model, reference } = s;
  let { lessons } = s;
  if (lessons.length < reference.upperBound) {
    const deadline = run.deadline(run.options.patternSeconds ?? DEFAULT_SECONDS.pattern, 0.2);
    lessons = planInBreakPatterns(model, lessons, reference.upperBound, deadline);
  }
  // Fairness at that many lessons: the choices above were made for lessons alone (stage 4's
  // labelled route too), so where the plan is below the relaxation's best lowest share, the same
  // search once more with that share kept (routing/fair_patterns.ts).
  if (lowestShareOf(run.instance, lessons) < reference.minShareBound - 1e-9) {
    const deadline = run.deadline(run.options.patternSeconds ?? DEFAULT_SECONDS.pattern, 0.2);
    lessons = fairerInBreakPatterns(model, lessons, {
      bound: reference.minShareBound,
      target: lessons.length,
      deadline,
    });
  }
  let exact = { daysSolved: 0, daysImproved: 0, daysTimedOut: 0, ms: 0 };
  if (lessons.length < reference.upperBound && run.options.exactRepair !== false) {
    run.step(68, "Lücken exakt schließen", 0.68);
    const t0 = performance.now();
    const repaired = exactRepair(model, lessons, {
      deadline: run.deadline(run.options.exactRepairSeconds ?? DEFAULT_SECONDS.exactRepair, 0.5),
      target: reference.upperBound,
      minShare: lowestShareOf(run.instance, lessons),
    });
    lessons = repaired.lessons;
    exact = { ...repaired, ms: performance.now() - t0 };
  }
  return { ...s, lessons, exact };
}
