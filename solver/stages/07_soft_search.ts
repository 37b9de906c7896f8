/**
 * Stage 7: who teaches which lesson and when (search/improve.ts): local search on the soft rules
 * (continuity, preferred instructor and times, workload), with continuity on in two rounds of
 * routing to the regular instructor (search/regular_routing.ts) and search. Lessons per student
 * and every hard rule stay as stages 4-6 left them; the lessons are changed in place.
 */
import { type ImproveResult, improveSoftPreferences } from "../search/improve.ts";
import type { Repaired } from "./06_exact_repair.ts";
import { DEFAULT_SECONDS, PlanCancelled } from "./run.ts";

export interface Searched extends Repaired {
  search: ImproveResult;
}

export function softSearch(s: Repaired): Searched {
  const { run, model, lessons } = s;
  const { instance, options } = run;
  const fixedPairs: [number, number][] = instance.fixed.map((f) => [
    model.studentIndex.get(f.student)!,
    model.instructorIndex.get(f.instructor)!,
  ]);
  let sweepsDone = 0;
  const search = improveSoftPreferences(model, lessons, fixedPairs, {
    deadline: run.deadline(options.searchSeconds ?? DEFAULT_SECONDS.search, 0.9, 50),
    checkCancel: () => {
      if (options.shouldCancel?.()) throw new PlanCancelled();
    },
    // Each sweep halves the distance to 90 %: it moves while the search runs, never backwards
    // (the search runs in rounds whose sweeps count from 1 again, so they are counted here).
    onSweep: () => {
      sweepsDone++;
      run.step(
        90 - Math.round(16 * 0.5 ** sweepsDone),
        "Feinschliff",
        0.9 - 0.16 * 0.5 ** sweepsDone,
      );
    },
  });
  return { ...s, search };
}
