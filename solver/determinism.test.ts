/**
 * The same instance and options give the same plan, byte for byte, on a quiet and on a busy
 * machine: every search is limited by work (work_budget.ts), not by elapsed seconds, and the plan
 * holds no elapsed time.
 */
import assert from "node:assert/strict";
import { plan } from "./plan.ts";
import { verifyPlan } from "./verify.ts";
import { withBusyCpu } from "./testing/busy_cpu.ts";
import { generateInstance, type GenerateOptions } from "./testing/generate.ts";

/**
 * Scarce vehicles: the routed plan is one lesson below the flow's bound, so the Lagrangian bound
 * and the search over allowed sets of hours (stages 5 and 6) do real work before they meet it.
 */
const OPTIONS: GenerateOptions = { shape: "mittel", seed: 306, scarceVehicles: true };

Deno.test("determinism: the same plan, byte for byte, with the CPU quiet and with two workers spinning", async () => {
  const instance = generateInstance(OPTIONS);
  const quiet = plan(instance);
  const busy = await withBusyCpu(2, () => plan(instance));
  assert.deepEqual(verifyPlan(instance, quiet), []);
  const s = quiet.stats;
  // The searches that used to stop on the clock ran (else the comparison would prove little).
  assert.ok(Number(s.patternEdges) > 0 && Number(s.lagrangeEvaluations) > 0, "searches ran");
  assert.equal(s.timeLimitHit, false);
  assert.equal(JSON.stringify(busy, null, 2), JSON.stringify(quiet, null, 2));
});
