import assert from "node:assert/strict";
import { relaxationFlow } from "./bound.ts";
import { lagrangeBound } from "./lagrange_bound.ts";
import { withUnusableHoursClosed } from "./unusable_hours.ts";
import { buildModel, slot } from "../model.ts";
import { plan } from "../plan.ts";
import { planSpecialDrives } from "../stages/00_special_drives.ts";
import { generateInstance, VARIANTS } from "../testing/generate.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

/**
 * One instructor Monday 08-16 (at most 4 hours in a row, the default), two special drives of 90
 * minutes back to back at 10:00 and 12:00 (slots 10-13, a run of four). S1 can drive only 09-10,
 * S2 only 14-15: either lesson makes the run five, so no plan has a lesson. The flow's break
 * windows, laid from the end of the day ([11, 16) and [8, 11)), hold three and one fixed slots
 * and let one lesson through each.
 */
function besideTwoDrives() {
  const drive = (student: string, from: string, to: string) => ({
    student,
    instructor: "I1",
    start: `2027-03-01T${from}`,
    end: `2027-03-01T${to}`,
    transmission: "manual",
    kind: "overland",
  });
  return tiny({
    format: "fahrplan-instance/2",
    instructors: [{ work: monday("08:00", "16:00") }],
    students: [
      { needs: { manual: 1, automatic: 0 }, available: monday("09:00", "10:00") },
      { needs: { manual: 1, automatic: 0 }, available: monday("14:00", "15:00") },
      { needs: { manual: 0, automatic: 0 } },
      { needs: { manual: 0, automatic: 0 } },
    ],
    fixed: [drive("S3", "10:00", "11:30"), drive("S4", "12:00", "13:30")],
  });
}

Deno.test("unusable hours: the hours beside a full run of fixed lessons are closed", () => {
  const model = buildModel(besideTwoDrives());
  const { model: closed } = withUnusableHoursClosed(model);
  const open = (m: typeof model) =>
    [...Array(24).keys()].filter((h) => m.instructorFree[0][slot(0, h)] === 1);
  assert.deepEqual(open(model), [8, 9, 14, 15]);
  assert.deepEqual(open(closed), [8, 15]);
  // The model itself is left as it was (the planner's routing reads it).
  assert.deepEqual(open(model), [8, 9, 14, 15]);
});

Deno.test("unusable hours: the flow bound on the closed model is exact where it admitted two", () => {
  const model = buildModel(besideTwoDrives());
  assert.equal(relaxationFlow(model, "split").lessons, 2);
  assert.equal(relaxationFlow(withUnusableHoursClosed(model).model, "split").lessons, 0);
  const instance = besideTwoDrives();
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 0);
  assert.equal(result.stats.upperBound, 0);
});

// Small generated schools (3 instructors, 10 students, the generator's Ausbildung) where stage 5's
// first Lagrangian bound stays one above HiGHS's proven optimum (recorded with
// tests/bench/highs_peer.ts): once from the hours closed here, once from the merged side's cut.
const small = (seed: number) =>
  generateInstance({ shape: "klein", seed, size: [3, 10], ...VARIANTS.ausbildung });
for (
  const { seed, optimum, why } of [
    { seed: 191, optimum: 55, why: "closed hours" },
    { seed: 267, optimum: 63, why: "merged cut" },
  ]
) {
  Deno.test(`unusable hours: plan() proves HiGHS's optimum where the first bound did not (${why})`, () => {
    const instance = small(seed);
    const model = buildModel(planSpecialDrives(instance).rest);
    assert.equal(lagrangeBound(model, { reached: 0 }).upperBound, optimum + 1, "first bound loose");
    const result = plan(instance);
    assert.deepEqual(verifyPlan(instance, result), []);
    assert.equal(result.stats.lessons, optimum);
    assert.equal(result.stats.upperBound, optimum);
    assert.equal(result.stats.optimal, true);
    assert.equal(result.stats.exactDaysSolved, 0, "no exact repair once the bound is met");
  });
}
