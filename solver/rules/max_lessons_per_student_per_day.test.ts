import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

Deno.test("student per day: need 5 on one day with two instructors -> 1, or 3 when allowed", () => {
  const one = tiny({ instructors: [{}, {}] });
  const result = plan(one);
  assert.equal(result.appointments.length, 1);
  assert.match(result.unplanned[0].reason, /^Höchstens 1 Fahrstunde pro Tag/);
  assert.equal(
    plan(tiny({ instructors: [{}, {}], settings: { maxLessonsPerStudentPerDay: 3 } })).appointments
      .length,
    3,
  );
  const bad = {
    ...result,
    appointments: [...result.appointments, {
      ...result.appointments[0],
      instructor: "I2",
      start: "2027-03-01T19:00",
    }],
  };
  assert.ok(verifyPlan(one, bad).some((p) => p.startsWith("student day S1")));
});
