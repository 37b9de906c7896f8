import assert from "node:assert/strict";
import type { PlanStats } from "../plan_format.ts";

/**
 * What the planner's stats may claim against a proven optimum, shared by the tests that hold the
 * planner against HiGHS (exact_vs_highs, planner_gaps, planner_optima).
 */

/** Shares are fractions; two within this are equal. */
export const EPS = 1e-9;

/** What the stats claim is true against a proven optimum (lessons, and the share when known). */
export function assertClaimsTrue(
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
