/**
 * Probe: the Lagrangian bound (lagrange_bound.ts) on one generated instance.
 * deno run -A tests/bench/lagrange_probe.ts OPTIONS_JSON LESSONS_REACHED [SECONDS]
 */
import { buildModel } from "../../solver/model.ts";
import { buildNetwork } from "../../solver/network.ts";
import { lagrangeBound } from "./lagrange_bound.ts";
import { generateInstance } from "../../solver/testing/generate.ts";
const opts = JSON.parse(Deno.args[0]);
const reached = Number(Deno.args[1]);
const model = buildModel(generateInstance(opts));
const net = buildNetwork(model, "split");
const f = net.net.maxFlow(net.source, net.sink);
const t = performance.now();
const r = lagrangeBound(model, Deno.env.get("LG_NOCUT") ? null : net, {
  deadline: performance.now() + Number(Deno.args[2] ?? 10) * 1000,
  reached,
});
console.log("flow", f, r, Math.round(performance.now() - t), "ms");
