/**
 * Probe: the Lagrangian bound searched to its end against HiGHS's proven optimum on generated
 * instances (default: klein, seeds 1-5, every variant). A bound below the optimum would be a bug.
 * deno run -A tests/bench/lagrange_vs_highs_probe.ts [shape] [seeds] [substring of the options]
 */
import { buildModel } from "../../solver/model.ts";
import { bounds } from "../../solver/bounds/bound.ts";
import { lagrangeBound } from "../../solver/bounds/lagrange_bound.ts";
import { generatedSuite, generateInstance } from "../../solver/testing/generate.ts";
import { exactOptimum } from "./highs_peer.ts";

const shape = (Deno.args[0] ?? "klein") as "klein";
const seeds = Array.from({ length: Number(Deno.args[1] ?? 5) }, (_, k) => k + 1);
let below = 0, tighter = 0, total = 0;
const only = Deno.args[2] ?? "";
for (const options of generatedSuite([shape], seeds)) {
  if (!JSON.stringify(options).includes(only)) continue;
  const instance = generateInstance(options);
  const model = buildModel(instance);
  const flow = bounds(model).upperBound;
  const lagrange = lagrangeBound(model, { reached: 0 });
  const exact = await exactOptimum(instance, { timeLimit: 60 });
  total++;
  if (exact.status === "Optimal" && lagrange.upperBound < exact.lessons) below++;
  if (lagrange.upperBound < flow) tighter++;
  console.log(
    JSON.stringify(options),
    "flow",
    flow,
    "lagrange",
    lagrange.upperBound,
    "highs",
    exact.lessons,
    exact.status,
  );
}
console.log({ total, below, tighter });
