import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { dayCapacity } from "./max_hours_per_day.ts";

Deno.test("max hours per day: capacity left after fixed lessons", () => {
  assert.equal(dayCapacity(8, 3), 5);
  assert.equal(dayCapacity(4, 6), 0);
});

Deno.test("max hours per day: 10 free students, limit 4 (and a fixed lesson counts) -> 3", () => {
  const instance = tiny({
    settings: { maxHoursPerDay: 4 },
    studentCount: 10,
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T08:00", transmission: "manual" }],
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 3);
  assert.deepEqual(verifyPlan(instance, result), []);
  const extra = {
    student: "S9",
    instructor: "I1",
    start: "2027-03-01T19:00",
    transmission: "manual" as const,
  };
  const bad = {
    ...result,
    appointments: [...result.appointments.filter((a) => a.student !== "S9"), extra, {
      ...extra,
      student: "S10",
      start: "2027-03-01T18:00",
    }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.startsWith("instructor day I1 2027-03-01")));
});
