/**
 * Where a break takes two free hours (minBreakMinutes above 60), the network's break windows
 * (breakAfterHours+2 hours, at most breakAfterHours lessons) are only a relaxation: "lesson, free,
 * lesson, free, lesson" fits them and is one run. Repairing such runs hour by hour cost up to 4 %
 * of the lessons. The plan is therefore routed in a restricted copy of the model, in which the
 * first two hours of every full window are closed: each window's lessons then lie in its last
 * breakAfterHours hours, behind two free ones, so no run can grow past a window. The bound keeps
 * the full model (a relaxation); the exact repair and the soft search use every hour again.
 */
import { type Model, slot } from "./model.ts";
import { breakWindows } from "./rules/break_after_hours.ts";

/** The model with the leading two hours of every full break window closed for new lessons. */
export function withRestrictedBreakWindows(model: Model): Model {
  const width = model.breakLimit + model.breakGap;
  const instructorFree = model.instructorFree.map((free, i) => {
    const out = free.slice();
    for (let d = 0; d < model.days; d++) {
      const possible = Array.from(
        { length: 24 },
        (_, h) => model.instructorPossible[i][slot(d, h)] === 1,
      );
      for (const [from, to] of breakWindows(possible, model.breakLimit, model.breakGap)) {
        if (to - from < width) continue;
        for (let h = from; h < from + model.breakGap; h++) out[slot(d, h)] = 0;
      }
    }
    return out;
  });
  return { ...model, instructorFree };
}
