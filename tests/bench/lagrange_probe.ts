/**
 * Probe: solver/lagrange_bound.ts on one generated instance.
 * deno run -A tests/bench/lagrange_probe.ts OPTIONS_JSON LESSONS_REACHED [SECONDS]
 */
import { buildModel } from "../../solver/model.ts";
import { bounds } from "../../solver/bound.ts";
import { lagrangeBound } from "../../solver/lagrange_bound.ts";
import { generateInstance } from "../../solver/testing/generate.ts";

const model = buildModel(generateInstance(JSON.parse(Deno.args[0])));
const flow = bounds(model).upperBound;
const t = performance.now();
const r = lagrangeBound(model, {
  deadline: performance.now() + Number(Deno.args[2] ?? 10) * 1000,
  reached: Number(Deno.args[1]),
});
console.log("flow bound", flow, "lagrange", r, Math.round(performance.now() - t), "ms");
