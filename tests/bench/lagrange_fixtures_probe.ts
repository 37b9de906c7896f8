/**
 * Probe: the Lagrangian bound (solver/bounds/lagrange_bound.ts) on every fixture of
 * tests/fixtures/planner_gaps.json and the klein suite, searched to the end (reached 0), beside the
 * flow bound and HiGHS's optimum where known; a bound below the optimum would be a bug.
 */
import { buildModel } from "../../solver/model.ts";
import { bounds } from "../../solver/bounds/bound.ts";
import { lagrangeBound } from "../../solver/bounds/lagrange_bound.ts";
import {
  generatedSuite,
  generateInstance,
  type GenerateOptions,
} from "../../solver/testing/generate.ts";

const gaps = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/planner_gaps.json", import.meta.url)),
) as { options: GenerateOptions; optimum: { lessons: number } | null }[];
const cases: { options: GenerateOptions; optimum?: number }[] = gaps
  .map((g) => ({ options: g.options, optimum: g.optimum?.lessons }))
  .concat(generatedSuite(["klein"], [1, 2]).map((o) => ({ options: o, optimum: undefined })));
for (const c of cases) {
  const model = buildModel(generateInstance(c.options));
  const flow = bounds(model).upperBound;
  const t = performance.now();
  const r = lagrangeBound(model, { reached: 0 });
  console.log(
    JSON.stringify(c.options),
    "flow",
    flow,
    "lagrange",
    r.upperBound,
    "optimum",
    c.optimum,
    "evaluations",
    r.evaluations,
    Math.round(performance.now() - t),
    "ms",
  );
}
