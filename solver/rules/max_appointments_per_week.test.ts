import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { weekIndexOfDays } from "./max_appointments_per_week.ts";

Deno.test("week limit: ISO weeks of a horizon starting on a Saturday", () => {
  assert.deepEqual(weekIndexOfDays("2027-03-06", 10), [0, 0, 1, 1, 1, 1, 1, 1, 1, 2]);
});

Deno.test("week limit: 30 free students over Sat..Tue, 20 per ISO week -> 20 + 20", () => {
  const instance = tiny({
    days: 4,
    settings: { maxAppointmentsPerWeek: 20, maxHoursPerDay: 12, breakAfterHours: 6 },
    studentCount: 30,
  });
  const shifted = { ...instance, start: "2027-03-06" };
  const result = plan(shifted);
  assert.equal(result.appointments.length, 40);
  assert.deepEqual(verifyPlan(shifted, result), []);
  const bad = {
    ...result,
    appointments: result.appointments.map((a) => ({
      ...a,
      start: a.start.replace("2027-03-07", "2027-03-09"),
    })),
  };
  assert.ok(verifyPlan(shifted, bad).some((p) => p.startsWith("instructor week I1")));
});
