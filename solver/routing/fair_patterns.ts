/**
 * The lowest share at the plan's number of lessons, raised where the sets of hours and the
 * transmission labels chosen for lessons alone cost it (break_patterns.ts, transmission_days.ts:
 * each choice kept where the max-flow grows, whoever gets the lessons). The same search again from
 * the plan, ranking its choices by the lessons missing below a share first (share_floor.ts), then
 * by lessons: at the relaxation's best share first, lower ones by binary search while work is
 * left. A result is kept only where it has at least the plan's lessons at a higher lowest share.
 */
import { type Lesson, lessonsFromFlow } from "../flow/assign.ts";
import { bestMinShare } from "../flow/fairness.ts";
import type { Model } from "../model.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import { searchBreakPatterns } from "./break_patterns.ts";
import { distributeLessons } from "./distribute.ts";
import { repairUntilValid } from "./repair.ts";
import type { Work } from "../work_budget.ts";

/**
 * `lessons` (a valid plan) or a plan with at least as many lessons and a higher lowest share, at
 * most `bound` (the relaxations' best lowest share, which no plan exceeds). Stops once `work` is
 * spent (break_patterns.ts's tries).
 */
export function fairerInBreakPatterns(
  model: Model,
  lessons: Lesson[],
  options: { bound: number; target: number; work: Work },
): Lesson[] {
  const { instance } = model;
  let best = { lessons, share: lowestShareOf(instance, lessons) };
  // The shares a student can have, between the plan's (reached) and the bound.
  const shares = new Set<number>();
  for (const st of instance.students) {
    const need = st.needs.manual + st.needs.automatic;
    for (let k = 1; k <= need; k++) {
      const s = k / need;
      if (s > best.share + 1e-12 && s <= options.bound + 1e-12) shares.add(s);
    }
  }
  const ladder = [...shares].sort((a, b) => a - b);
  // The bound first (where the plan lost it to its choices, it is usually reachable), then a
  // binary search between the plan's share and the highest share not yet refuted.
  let lo = -1, hi = ladder.length - 1, probe = hi;
  while (lo < hi && options.work.left()) {
    const tried = tryAt(ladder[probe]);
    if (tried) {
      best = tried;
      lo = probe;
    } else hi = probe - 1;
    probe = (lo + hi + 1) >> 1;
  }
  return best.lessons;

  function tryAt(share: number): { lessons: Lesson[]; share: number } | undefined {
    // Each probe gets half the work left, so a refuted bound leaves room for lower shares.
    const sets = searchBreakPatterns(model, lessons, {
      work: options.work.part(0.5),
      target: options.target,
      floor: share,
    });
    if (sets.deficit > 0 || sets.lessons < lessons.length) return undefined;
    const fair = bestMinShare(sets.network);
    distributeLessons(sets.model, sets.network, fair);
    repairUntilValid(sets.model, sets.network, fair);
    const routed = lessonsFromFlow(sets.model, sets.network);
    const reached = lowestShareOf(instance, routed);
    if (routed.length < lessons.length || reached <= best.share + 1e-12) return undefined;
    return { lessons: routed, share: reached };
  }
}
