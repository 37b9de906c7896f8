import assert from "node:assert/strict";
import { minCostAssignment } from "./assignment.ts";

Deno.test("assignment: the cheapest permutation, not the greedy one", () => {
  // Greedy row by row takes column 0 for row 0 (cost 1) and pays 100 for row 1.
  assert.deepEqual(minCostAssignment([[1, 2], [1, 100]], 2), [1, 0]);
});

Deno.test("assignment: more columns than rows, a forbidden pair avoided", () => {
  const big = 1e9;
  assert.deepEqual(minCostAssignment([[big, 5, 1], [2, big, 1]], 3), [2, 0]);
});
