/**
 * The pure planning function: instance in, plan out (FORMAT.md). Synchronous; `shouldCancel` is
 * asked between steps and a cancel throws PlanCancelled, so a worker can run it in-process.
 *
 * The stages, in order, are the files of stages/; each takes what the ones before it found and
 * returns it with its own part added. Between them the progress the planner card shows (German
 * step names; a stage may report steps of its own: 55 per routing, 68 when the exact repair runs,
 * the search's sweeps between 74 and 90).
 */
import type { Instance } from "./instance.ts";
import type { Plan } from "./plan_format.ts";
import { type PlanOptions, startRun } from "./stages/run.ts";
import { buildModelAndNetwork } from "./stages/01_model.ts";
import { upperBound } from "./stages/02_upper_bound.ts";
import { fairness } from "./stages/03_fairness.ts";
import { route } from "./stages/04_route.ts";
import { tighterBound } from "./stages/05_tighter_bound.ts";
import { closeGaps } from "./stages/06_exact_repair.ts";
import { softSearch } from "./stages/07_soft_search.ts";
import { assignVehicles } from "./stages/08_vehicles.ts";
import { explainMissing } from "./stages/09_reasons.ts";
import { report } from "./stages/10_report.ts";

export type { Plan, PlanStats } from "./plan_format.ts";
export { PlanCancelled, type PlanOptions, type Progress } from "./stages/run.ts";
export { provenClaims } from "./stages/10_report.ts";

/** Plans the new lessons of an instance. */
export function plan(instance: Instance, options: PlanOptions = {}): Plan {
  const run = startRun(instance, options);
  run.step(1, "Modell aufbauen");
  const modelled = buildModelAndNetwork(run);
  run.total = modelled.network.lessons.length;

  run.step(10, "Obere Schranke berechnen");
  const bounded = upperBound(modelled);

  run.step(20, "Fairness ausgleichen", 0.2);
  const fair = fairness(bounded);

  run.step(30, "Fahrstunden verteilen", 0.3);
  const routed = route(fair);

  run.step(65, "Obere Schranke prüfen", 0.65);
  const checked = tighterBound(routed);
  const repaired = closeGaps(checked);

  // The card's "Fahrlehrer zuordnen" is the search's first move (each hour's lessons to the best
  // permutation of its instructors), so both steps come before it.
  run.step(72, "Fahrlehrer zuordnen", 0.72);
  run.step(74, "Feinschliff", 0.74);
  const searched = softSearch(repaired);

  run.step(90, "Fahrzeuge zuteilen", 0.9);
  const withVehicles = assignVehicles(searched);

  run.step(95, "Fehlende Fahrstunden begründen", 1);
  const explained = explainMissing(withVehicles);

  const result = report(explained);
  run.step(100, "Planung berechnet", 1);
  return result;
}
