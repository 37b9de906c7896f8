/**
 * Stage 7: who teaches which lesson and when. First the instructors are shared fairly
 * (flow/instructor_fairness.ts: the lowest instructor share maximised, lessons and hours as they
 * are), then local search on the soft rules (search/improve.ts: continuity, preferred instructor
 * and times, workload), which keeps every instructor at the floor that gave, with continuity on in
 * two rounds of routing to the regular instructor (search/regular_routing.ts) and search. Lessons
 * per student and every hard rule stay as stages 4-6 left them; the lessons are changed in place.
 */
import { shareInstructorsFairly } from "../flow/instructor_fairness.ts";
import { type ImproveResult, improveSoftPreferences } from "../search/improve.ts";
import type { Repaired } from "./06_exact_repair.ts";
import { PlanCancelled } from "./run.ts";
import { repairPickupChanges } from "../routing/pickup_repair.ts";
import { pickupRuleBinds } from "../rules/pickup_change.ts";
import { repairVehicleDays } from "../routing/vehicle_day_repair.ts";

export interface Searched extends Repaired {
  search: ImproveResult;
  /**
   * Lessons the repairs of the rules the flows do not see moved and left out
   * (routing/pickup_repair.ts, routing/vehicle_day_repair.ts).
   */
  pickup: { moved: number; dropped: number };
  /** Per instructor the lessons no later move may take them below (instructor fairness). */
  floors: number[];
}

export function softSearch(s: Repaired): Searched {
  const { run, model, lessons } = s;
  const { instance, options } = run;
  const fixedPairs: [number, number][] = instance.fixed.map((f) => [
    model.studentIndex.get(f.student)!,
    model.instructorIndex.get(f.instructor)!,
  ]);
  const { floors } = shareInstructorsFairly(model, lessons);
  // The pickup rule is not in the flows (stages 4-7 choose hours and instructors without it):
  // what they let through is re-paired, moved or left out here (only where the rule can bind), so
  // the search starts from a valid plan and its moves keep it.
  const keepPickup = pickupRuleBinds(model);
  const pickup = repairPickupChanges(model, lessons);
  // Likewise the hard "one vehicle per instructor and day" (rules/one_vehicle_per_day.ts).
  const cars = repairVehicleDays(model, lessons);
  pickup.moved += cars.moved;
  pickup.dropped += cars.dropped;
  let sweepsDone = 0;
  const search = improveSoftPreferences(model, lessons, fixedPairs, {
    safety: run.safety,
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
    instructorFloors: floors,
    keepPickup,
  });
  // Every move asked the rule; this only makes sure (it finds nothing to do).
  const after = repairPickupChanges(model, lessons);
  const carsAfter = repairVehicleDays(model, lessons);
  after.moved += carsAfter.moved;
  after.dropped += carsAfter.dropped;
  pickup.moved += after.moved;
  pickup.dropped += after.dropped;
  return { ...s, search, pickup, floors };
}
