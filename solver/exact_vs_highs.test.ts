/**
 * The planner against HiGHS's proven optimum on the same exact hard model (tests/bench/mip_model.ts):
 * most lessons, then the best lowest share at that many lessons. Small generated instances of every
 * variant are solved live; the instances where the planner once missed the optimum are kept in
 * tests/fixtures/planner_gaps.json with HiGHS's figures (mittel and gross take HiGHS minutes).
 */
import assert from "node:assert/strict";
import { exactOptimum } from "../tests/bench/highs_peer.ts";
import { lagrangeBound } from "./bounds/lagrange_bound.ts";
import { buildModel } from "./model.ts";
import { plan } from "./plan.ts";
import type { PlanStats } from "./plan_format.ts";
import { generatedSuite, generateInstance, type GenerateOptions } from "./testing/generate.ts";
import { verifyPlan } from "./verify.ts";

const EPS = 1e-9;

/** What the stats claim is true against a proven optimum (lessons, and the share when known). */
function assertClaimsTrue(
  s: PlanStats,
  optimum: { lessons: number; share?: number },
  label: string,
) {
  assert.ok(s.upperBound >= optimum.lessons, `${label}: upper bound below the optimum`);
  // "optimal" must be true when claimed; left out where the bound is above the optimum it is
  // merely unproven, which is honest.
  if (s.optimal) assert.equal(s.lessons, optimum.lessons, `${label}: optimal claimed wrongly`);
  assert.equal(s.lessonsGap, s.upperBound - s.lessons);
  if (optimum.share !== undefined && s.lessons === optimum.lessons) {
    assert.ok(s.minShareBound >= optimum.share - EPS, `${label}: share bound below the best`);
    if (s.bestMinShare !== undefined) {
      assert.ok(Math.abs(s.bestMinShare - optimum.share) < EPS, `${label}: bestMinShare false`);
    }
  }
}

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
    // Fairness proven, not only reached: the flow relaxation's best lowest share (binary search
    // over the share with max-flows, fairness.ts) bounds every valid plan's, so where the plan
    // meets it the planner claims it, and the claim is HiGHS's best at the optimum.
    assert.ok(s.bestMinShare !== undefined, `${label}: best lowest share proven`);
    assert.ok(Math.abs(s.bestMinShare - exact.bestMinShare) < EPS, `${label}: bestMinShare exact`);
  });
}

interface Gap {
  options: GenerateOptions;
  optimum: { lessons: number; bestMinShare?: number } | null;
  /** The plan before the step that closed it (its lowest share where that was the miss). */
  before: { lessons: number; minShare?: number };
  reached?: { lessons: number; minShare?: number };
  closed: boolean;
  /** The plan reaches the optimum, but neither the flow's nor the Lagrangian bound proves it. */
  boundOpen?: boolean;
}
const gaps: Gap[] = JSON.parse(
  Deno.readTextFileSync(new URL("../tests/fixtures/planner_gaps.json", import.meta.url)),
);
for (const gap of gaps) {
  const label = JSON.stringify(gap.options);
  const what = gap.closed ? "reaches the proven optimum" : "keeps its gain, claims stay true";
  Deno.test(`regression (planner once below the optimum) ${what}: ${label}`, () => {
    const instance = generateInstance(gap.options);
    // Default options: the searches are limited by work, not time, so the load does not matter.
    const result = plan(instance);
    assert.deepEqual(verifyPlan(instance, result), [], `${label}: valid`);
    const s = result.stats;
    if (gap.optimum) {
      assertClaimsTrue(s, { lessons: gap.optimum.lessons, share: gap.optimum.bestMinShare }, label);
    }
    if (gap.closed && gap.optimum) {
      assert.equal(s.lessons, gap.optimum.lessons, `${label}: lessons equal the proven optimum`);
      // ... and the planner proves it itself: its bound meets the plan (mittel seed 306 with two
      // lessons a day: the flow's 725 stays above the optimum 722, the Lagrangian bound is 722).
      if (gap.boundOpen) {
        // The plan is at the optimum but the planner's bounds stay above it: claimed as a gap.
        assert.ok(s.upperBound > gap.optimum.lessons && !s.optimal, `${label}: not claimed`);
      } else {
        assert.equal(s.upperBound, gap.optimum.lessons, `${label}: bound proves the optimum`);
        assert.equal(s.optimal, true, `${label}: optimal (bewiesen)`);
      }
      if (gap.optimum.bestMinShare !== undefined) {
        assert.ok(Math.abs(s.minShare - gap.optimum.bestMinShare) < EPS, `${label}: best share`);
      }
    } else {
      // Still open: the plan keeps at least what it had when the gap was found.
      assert.ok(s.lessons >= gap.before.lessons, `${label}: not below the plan before the repair`);
    }
  });
}

/**
 * The medium instances at HiGHS's optimum without HiGHS: tests/bench/planner_gaps.ts --write
 * records its proven figures of every generated instance (mittel takes HiGHS 5-60 s each, too long
 * for the suite). klein runs live above; gross and larger are the bench's (docs/benchmarks.md,
 * "Planner").
 */
interface Optimum {
  options: GenerateOptions;
  lessons: number;
  bestMinShare?: number;
}
const optima: Optimum[] = JSON.parse(
  Deno.readTextFileSync(new URL("../tests/fixtures/planner_optima.json", import.meta.url)),
);
// Instances the planner does not yet reach are replayed above with what it keeps.
const open = new Set(gaps.filter((g) => !g.closed).map((g) => JSON.stringify(g.options)));
for (const optimum of optima) {
  const label = JSON.stringify(optimum.options);
  if (optimum.options.shape !== "mittel" || open.has(label)) continue;
  Deno.test(`at HiGHS's recorded optimum: ${label}`, () => {
    const instance = generateInstance(optimum.options);
    // Default options: every search stops once the plan meets its bound, within its work budget.
    const result = plan(instance);
    assert.deepEqual(verifyPlan(instance, result), [], `${label}: valid`);
    const s = result.stats;
    assert.equal(s.lessons, optimum.lessons, `${label}: lessons equal the proven optimum`);
    if (optimum.bestMinShare !== undefined) {
      assert.ok(
        Math.abs(s.minShare - optimum.bestMinShare) < EPS,
        `${label}: lowest share ${s.minShare} equals the best ${optimum.bestMinShare}`,
      );
    }
    assertClaimsTrue(s, { lessons: optimum.lessons, share: optimum.bestMinShare }, label);
  });
}
