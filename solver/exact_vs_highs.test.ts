/**
 * The planner against HiGHS's proven optimum on the same exact hard model (tests/bench/mip_model.ts):
 * most lessons, then the best lowest share at that many lessons. Small generated instances of every
 * variant are solved live here; the instances where the planner once missed the optimum are
 * replayed by planner_gaps.test.ts, the recorded medium optima by planner_optima.test.ts (three
 * files, so the test runner spreads them over the cores).
 */
import assert from "node:assert/strict";
import { exactOptimum } from "../tests/bench/highs_peer.ts";
import { lagrangeBound } from "./bounds/lagrange_bound.ts";
import { withUnusableHoursClosed } from "./bounds/unusable_hours.ts";
import { planSpecialDrives } from "./stages/00_special_drives.ts";
import { buildModel } from "./model.ts";
import { plan } from "./plan.ts";
import { assertClaimsTrue, EPS } from "./testing/claims.ts";
import { generatedSuite, generateInstance } from "./testing/generate.ts";
import { verifyPlan } from "./verify.ts";

for (const options of generatedSuite(["klein"], [1, 2])) {
  const label = JSON.stringify(options);
  Deno.test(`against HiGHS: ${label}`, async () => {
    const instance = generateInstance(options);
    const result = plan(instance);
    assert.deepEqual(verifyPlan(instance, result), [], `${label}: valid`);
    const exact = await exactOptimum(instance, { fairness: true, timeLimit: 60 });
    assert.equal(exact.status, "Optimal", `${label}: HiGHS proves both figures`);
    const s = result.stats;
    assert.equal(s.lessons, exact.lessons, `${label}: lessons equal the proven optimum`);
    assert.ok(
      Math.abs(s.minShare - exact.bestMinShare) < EPS,
      `${label}: lowest share ${s.minShare} equals the best ${exact.bestMinShare} at the optimum`,
    );
    assertClaimsTrue(s, { lessons: exact.lessons, share: exact.bestMinShare }, label);
    // The Lagrangian bound searched to its end never falls below the proven optimum.
    const lagrange = lagrangeBound(buildModel(instance), { reached: 0 });
    assert.ok(lagrange.upperBound >= exact.lessons, `${label}: Lagrangian bound valid`);
    // So does stage 5's second one, on the model HiGHS solves (stage 0's special drives fixed)
    // with the hours no lesson can take closed, from either side's cut.
    const ordinary = instance.format === "fahrplan-instance/2"
      ? planSpecialDrives(instance).rest
      : instance;
    const closed = withUnusableHoursClosed(buildModel(ordinary)).model;
    for (const start of ["split", "merged"] as const) {
      const second = lagrangeBound(closed, { reached: 0, start }).upperBound;
      assert.ok(second >= exact.lessons, `${label}: bound on the closed model (${start}) valid`);
    }
    // Fairness proven, not only reached: the flow relaxation's best lowest share (binary search
    // over the share with max-flows, fairness.ts) bounds every valid plan's, so where the plan
    // meets it the planner claims it, and the claim is HiGHS's best at the optimum.
    assert.ok(s.bestMinShare !== undefined, `${label}: best lowest share proven`);
    assert.ok(Math.abs(s.bestMinShare - exact.bestMinShare) < EPS, `${label}: bestMinShare exact`);
  });
}
