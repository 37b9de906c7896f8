import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

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
