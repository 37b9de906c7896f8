import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { vehicles } from "./vehicles.ts";

const instance = (vehicleAssignment: boolean) =>
  tiny({
    settings: { vehicleAssignment },
    instructors: [{}, {}],
    students: [{ available: monday("10:00", "11:00") }, { available: monday("10:00", "11:00") }],
    vehicles: [{ id: "V1", transmission: "manual" }, { id: "V2", transmission: "automatic" }],
  });

Deno.test("vehicles: one manual car for two manual students in one hour -> 1 lesson, with V1", () => {
  const result = plan(instance(true));
  assert.deepEqual(result.appointments.map((a) => a.vehicle), ["V1"]);
  assert.equal(
    result.unplanned[0].reason,
    "Kein freies Fahrzeug mit Schaltgetriebe zu den möglichen Zeiten.",
  );
  const bad = {
    ...result,
    appointments: [...result.appointments, {
      ...result.appointments[0],
      student: result.appointments[0].student === "S1" ? "S2" : "S1",
      instructor: result.appointments[0].instructor === "I1" ? "I2" : "I1",
    }],
  };
  assert.ok(verifyPlan(instance(true), bad).some((p) => p.startsWith("vehicle V1")));
});

Deno.test("vehicles: with the rule off both students drive", () => {
  assert.equal(plan(instance(false)).appointments.length, 2);
});

Deno.test("vehicles rule: one manual car, a second manual lesson in the hour does not fit", () => {
  const model = buildModel(instance(true));
  const rule = vehicles.tracker(model);
  rule.add(lesson(0, 0, 0, 10));
  assert.deepEqual([
    rule.fits(lesson(1, 1, 0, 10)),
    rule.fits(lesson(1, 1, 0, 10, "automatic")),
  ], [false, true]);
  assert.equal(vehicles.violations(model, [lesson(0, 0, 0, 10), lesson(1, 1, 0, 10)]).length, 1);
  // A row per hour and transmission the two instructors could teach, at most the one car each.
  const { rows } = rowsOf(instance(true), "v");
  assert.equal(rows.length, 24);
  assert.ok(rows.every((r) => "max" in r.bound && r.bound.max === 1 && r.terms.length === 2));
  assert.deepEqual(rowsOf(instance(false), "v").rows, []);
});
