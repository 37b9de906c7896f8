import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { weekIndexOfDays } from "./max_appointments_per_week.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { maxAppointmentsPerWeek } from "./max_appointments_per_week.ts";

Deno.test("week limit: ISO weeks of a horizon starting on a Saturday", () => {
  assert.deepEqual(weekIndexOfDays("2027-03-06", 10), [0, 0, 1, 1, 1, 1, 1, 1, 1, 2]);
});

Deno.test("week limit: 30 free students over Fri..Wed, 20 per ISO week -> 20 + 20", () => {
  // Three days in each ISO week: 8 lessons a day (the legal 495 minutes) would give 24 a week.
  const instance = tiny({
    days: 6,
    settings: { maxAppointmentsPerWeek: 20, maxHoursPerDay: 12, breakAfterHours: 6 },
    studentCount: 30,
  });
  const shifted = { ...instance, start: "2027-03-05" };
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

Deno.test("max appointments per week rule: a week's row counts the lessons kept on its other days", () => {
  const instance = tiny({ days: 7, settings: { maxAppointmentsPerWeek: 20 }, studentCount: 30 });
  const model = buildModel(instance);
  const rule = maxAppointmentsPerWeek.tracker(model);
  const kept = Array.from({ length: 19 }, (_, k) => lesson(k, 0, k % 6, 8 + Math.floor(k / 6)));
  kept.forEach((l) => rule.add(l));
  assert.equal(rule.fits(lesson(20, 0, 6, 12)), true);
  rule.add(lesson(20, 0, 6, 12));
  assert.equal(rule.fits(lesson(21, 0, 6, 13)), false);
  assert.equal(maxAppointmentsPerWeek.violations(model, kept).length, 0);
  const { rows } = rowsOf(instance, "max_appointments_per_week", kept);
  assert.deepEqual(rows.map((r) => r.bound), [{ max: 1 }]);
});
