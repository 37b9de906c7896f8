import assert from "node:assert/strict";
import { withinTolerance, workloadGoal } from "./workload.ts";

Deno.test("workload: goal is the pro-rata target capped by what is possible", () => {
  assert.equal(workloadGoal(120, 15, 100), 60);
  assert.equal(workloadGoal(120, 30, 100), 100);
});

Deno.test("workload: tolerance in percent of the goal", () => {
  assert.equal(withinTolerance(115, 100, 15), true);
  assert.equal(withinTolerance(84, 100, 15), false);
});
