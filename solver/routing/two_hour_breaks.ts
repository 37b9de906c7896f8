/**
 * Where a break takes two free hours (minBreakMinutes above 60), the network's break windows
 * (breakAfterHours+2 hours, at most breakAfterHours lessons) are only a relaxation: "lesson, free,
 * lesson, free, lesson" fits them and is one run. Repairing such runs hour by hour cost up to 4 %
 * of the lessons. The plan is therefore routed in a restricted copy of the model, in which every
 * instructor's hours follow a fixed pattern: two closed hours, then breakAfterHours open ones, and
 * so on, so no run can grow past breakAfterHours. The bound keeps the full model (a relaxation);
 * the exact repair and the soft search use every hour again.
 *
 * Where the pattern starts matters: laid from the end of the day for everyone, mittel seed 306
 * could reach at most 558 lessons (HiGHS: 570). `bestRestriction` therefore shifts each
 * instructor's pattern where the restricted network's max-flow grows (567 there; seed 106: 606 ->
 * 612, the optimum).
 */
import type { Model } from "../model.ts";
import { slot } from "../model.ts";
import { buildNetwork } from "../flow/network.ts";
import { hasBothTransmissions } from "../bounds/bound.ts";
import { lessonRuns } from "../rules/break_after_hours.ts";
import type { Work } from "../work_budget.ts";

/**
 * The model with each instructor's free hours cut to the pattern. `shiftOf(i, d)` (default 0)
 * moves instructor i's pattern on day d that many hours earlier; shift 0 is the network's own
 * windows (laid from the end of each stretch of possible hours) with their first two hours closed.
 */
export function withRestrictedBreakWindows(
  model: Model,
  shiftOf: (instructor: number, day: number) => number = () => 0,
): Model {
  const L = model.breakLimit, gap = model.breakGap, width = L + gap;
  const instructorFree = model.instructorFree.map((free, i) => {
    const out = free.slice();
    for (let d = 0; d < model.days; d++) {
      const shift = shiftOf(i, d);
      const possible = [...Array(24).keys()].filter((h) =>
        model.instructorPossible[i][slot(d, h)] === 1
      );
      for (const stretch of lessonRuns(possible, gap)) {
        if (stretch.length <= L) continue;
        const first = stretch[0], last = stretch[stretch.length - 1];
        const close = (from: number, to: number) => {
          for (let h = Math.max(from, first); h < Math.min(to, last + 1); h++) out[slot(d, h)] = 0;
        };
        // The hours after the last whole window begin another one: its first two hours close.
        if (shift > 0) close(last + 1 - shift, last + 1 - shift + gap);
        let to = last + 1 - shift;
        for (; to - width >= first; to -= width) close(to - width, to - width + gap);
        // A shorter window at the start: with shift 0 it is one of the network's windows, which
        // caps it at breakAfterHours lessons; shifted it is not, so only its last hours stay open.
        if (shift > 0 && to - first > L) close(first, to - L);
      }
    }
    return out;
  });
  return { ...model, instructorFree };
}

/**
 * The restricted model whose max-flow is largest, found greedily: first one shift per instructor,
 * then one per instructor and day of the week (availability repeats weekly), each change kept where
 * the flow grows. Stops where it meets the unrestricted model's flow (no pattern gives more) or
 * once `work` is spent (a restricted flow costs its network's edges). The flow is the merged one where students need both
 * transmissions (it holds a student's day and hour exactly, which the plan must). On mittel seed
 * 306 the first stage reached 567, the second 570 (HiGHS's optimum).
 */
export function bestRestriction(model: Model, options: { work: Work }): Model {
  const side = hasBothTransmissions(model.instance) ? "merged" : "split";
  const flowOf = (m: Model) => {
    const network = buildNetwork(m, side);
    edges = network.net.edges;
    return network.net.maxFlow(network.source, network.sink);
  };
  let edges = 0;
  const shifts = model.instance.instructors.map(() => new Array(7).fill(0));
  const restricted = () => withRestrictedBreakWindows(model, (i, d) => shifts[i][d % 7]);
  // The unrestricted model's flow on the same side: no pattern can give more.
  const target = flowOf(model);
  const width = model.breakLimit + model.breakGap;
  let best = flowOf(restricted());
  /** Tries `change`; keeps it if the flow grows, else `undo`. False once it is time to stop. */
  const attempt = (change: () => void, undo: () => void): boolean => {
    if (best >= target || !options.work.spend(edges)) return false;
    change();
    const v = flowOf(restricted());
    if (v > best) best = v;
    else undo();
    return true;
  };
  for (let i = 0; i < shifts.length; i++) {
    for (let s = 1; s < width; s++) {
      const was = shifts[i].slice();
      if (!attempt(() => shifts[i].fill(s), () => shifts[i] = was)) return restricted();
    }
  }
  for (let i = 0; i < shifts.length; i++) {
    for (let w = 0; w < 7; w++) {
      for (let s = 0; s < width; s++) {
        const was = shifts[i][w];
        if (s === was) continue;
        if (!attempt(() => shifts[i][w] = s, () => shifts[i][w] = was)) return restricted();
      }
    }
  }
  return restricted();
}
