import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { maxLessonsPerStudentPerDay } from "./max_lessons_per_student_per_day.ts";

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

Deno.test("lessons per student and day rule: the second lesson of a day does not fit at limit 1", () => {
  const instance = tiny({ days: 2 });
  const model = buildModel(instance);
  const rule = maxLessonsPerStudentPerDay.tracker(model);
  rule.add(lesson(0, 0, 0, 9));
  assert.deepEqual([rule.fits(lesson(0, 0, 0, 11)), rule.fits(lesson(0, 0, 1, 11))], [false, true]);
  assert.equal(
    maxLessonsPerStudentPerDay.violations(model, [lesson(0, 0, 0, 9), lesson(0, 0, 0, 11)]).length,
    1,
  );
  const { rows } = rowsOf(instance, "max_lessons_per_student_per_day");
  assert.deepEqual(rows.map((r) => [r.bound, r.terms.length]), [[{ max: 1 }, 12], [
    { max: 1 },
    12,
  ]]);
});
