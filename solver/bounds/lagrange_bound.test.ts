import assert from "node:assert/strict";
import { bounds } from "./bound.ts";
import { lagrangeBound } from "./lagrange_bound.ts";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

/**
 * One instructor 08-15 with two-hour breaks after three lessons; four students, one free hour
 * each: 08, 10, 12, 14. Lessons at all four hours are one run of four (one free hour between them
 * does not end a run), so at most three are possible; the flow's break windows ([08, 10) and
 * [10, 15), at most three each) let all four through.
 */
function alternatingHours() {
  return tiny({
    settings: { minBreakMinutes: 90, breakAfterHours: 3 },
    instructors: [{ work: monday("08:00", "15:00") }],
    students: ["08:00", "10:00", "12:00", "14:00"].map((start) => ({
      needs: { manual: 1, automatic: 0 },
      available: monday(start, `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`),
    })),
  });
}

Deno.test("Lagrangian bound: exact where the flow's break windows are loose (4 -> 3)", () => {
  const model = buildModel(alternatingHours());
  assert.equal(bounds(model).upperBound, 4, "the flow relaxation admits a run of four");
  const lagrange = lagrangeBound(model, { reached: 0 });
  assert.equal(lagrange.upperBound, 3);
});

Deno.test("Lagrangian bound: plan() proves three lessons optimal where the flow says four", () => {
  const instance = alternatingHours();
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 3);
  assert.equal(result.stats.upperBound, 3);
  assert.equal(result.stats.optimal, true);
  // Three lessons for four students leave one without: the share bound follows the lesson bound,
  // so no search hunts a lowest share of 1 (it once spent its whole budget, a minute, on this).
  assert.equal(result.stats.minShareBound, 0);
  assert.equal(result.stats.patternEdges, 0);
});

Deno.test("Lagrangian bound: stops as soon as it meets the plan", () => {
  const model = buildModel(alternatingHours());
  assert.equal(lagrangeBound(model, { reached: 4 }).evaluations, 1);
});
