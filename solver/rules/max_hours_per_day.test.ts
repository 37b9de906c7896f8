import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { dayCapacity } from "./max_hours_per_day.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { maxHoursPerDay } from "./max_hours_per_day.ts";

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

Deno.test("max hours per day rule: with a fixed lesson and limit 4, the fourth new lesson does not fit", () => {
  const instance = tiny({
    settings: { maxHoursPerDay: 4 },
    studentCount: 5,
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T08:00", transmission: "manual" }],
  });
  const model = buildModel(instance);
  const rule = maxHoursPerDay.tracker(model);
  for (const h of [10, 12, 14]) rule.add(lesson(h - 9, 0, 0, h));
  assert.equal(rule.fits(lesson(4, 0, 0, 16)), false);
  assert.equal(
    maxHoursPerDay.violations(model, [10, 12, 14, 16].map((h) => lesson(1, 0, 0, h)))[0].message,
    "I1 am 2027-03-01: 4 neue Fahrstunden, höchstens 3 (Max. Stunden pro Tag).",
  );
  const { rows } = rowsOf(instance, "max_hours_per_day");
  assert.deepEqual(rows.map((r) => r.bound), [{ max: 3 }]);
});
