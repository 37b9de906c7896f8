import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { isAbsent } from "../../common/availability_model.ts";

Deno.test("absences: whole days, both ends inclusive", () => {
  const absences = [{ from: "2027-03-02", to: "2027-03-03" }];
  assert.deepEqual(
    ["2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04"].map((d) => isAbsent(absences, d)),
    [false, true, true, false],
  );
});

Deno.test("absences: an absent instructor or student gets nothing on those days (5 days, 2 absent each side -> 1 lesson)", () => {
  const instance = tiny({
    days: 5,
    instructors: [{ absences: [{ from: "2027-03-01", to: "2027-03-02" }] }],
    students: [{ absences: [{ from: "2027-03-04", to: "2027-03-05" }] }],
  });
  const result = plan(instance);
  assert.deepEqual(result.appointments.map((a) => a.start.slice(0, 10)), ["2027-03-03"]);
  const bad = {
    ...result,
    appointments: [{ ...result.appointments[0], start: "2027-03-01T10:00" }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.includes("instructor absent")));
});
