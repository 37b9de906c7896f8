import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { withinTolerance, WORKLOAD_WEIGHT, workloadGoal, workloadPenalty } from "./workload.ts";

Deno.test("workload: goal is the pro-rata target capped by what is possible", () => {
  assert.equal(workloadGoal(120, 15, 100), 60);
  assert.equal(workloadGoal(120, 30, 100), 100);
});

Deno.test("workload: tolerance in percent of the goal", () => {
  assert.equal(withinTolerance(115, 100, 15), true);
  assert.equal(withinTolerance(84, 100, 15), false);
});

Deno.test("workload: no penalty inside the band, concave outside, off at tolerance 0", () => {
  assert.equal(workloadPenalty(90, 100, 15), 0);
  const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} != ${b}`);
  near(workloadPenalty(81, 100, 15), WORKLOAD_WEIGHT * (1 + 2));
  near(workloadPenalty(200, 100, 15), WORKLOAD_WEIGHT * (1 + Math.sqrt(85)));
  // Concave: the first missing lessons cost more than later ones.
  const step = (n: number) =>
    workloadPenalty(85 - n, 100, 15) - workloadPenalty(85 - n + 1, 100, 15);
  assert.ok(step(2) > step(10));
  assert.equal(workloadPenalty(10, 100, 0), 0);
});

Deno.test("workload: I1's goal is 5 lessons in one day (150 a month), I2's 1 (30): each gets its goal", () => {
  // Instructors share lessons in proportion to their goals (flow/instructor_fairness.ts), where
  // none is set to the lessons they could give: I2 gets a goal so that sharing meets both.
  const instance = tiny({
    days: 1,
    instructors: [{ monthlyHoursTarget: 150 }, { monthlyHoursTarget: 30 }],
    students: Array.from({ length: 6 }, () => ({ needs: { manual: 1, automatic: 0 } })),
  });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 6);
  assert.equal(result.appointments.filter((a) => a.instructor === "I1").length, 5);
  assert.equal(result.stats.workloadWithinTolerance, 1);
});
