import assert from "node:assert/strict";
import { plan } from "./plan.ts";
import { assertClaimsTrue, EPS } from "./testing/claims.ts";
import { generateInstance, type GenerateOptions } from "./testing/generate.ts";
import { verifyPlan } from "./verify.ts";

/**
 * The medium instances at HiGHS's optimum without HiGHS: tests/bench/planner_gaps.ts --write
 * records its proven figures of every generated instance (mittel takes HiGHS 5-60 s each, too long
 * for the suite). klein runs live in exact_vs_highs.test.ts; gross and larger are the bench's (docs/benchmarks.md,
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
// Instances the planner does not yet reach are replayed by planner_gaps.test.ts with what it keeps.
const gaps: { options: GenerateOptions; closed: boolean }[] = JSON.parse(
  Deno.readTextFileSync(new URL("../tests/fixtures/planner_gaps.json", import.meta.url)),
);
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
