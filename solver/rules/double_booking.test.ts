import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { instructorOneLessonAnHour, studentOneLessonAnHour } from "./double_booking.ts";

Deno.test("double booking: one instructor, two students, one common hour -> 1 lesson", () => {
  const instance = tiny({
    students: [{ available: monday("10:00", "11:00") }, { available: monday("10:00", "11:00") }],
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 1);
  const other = result.appointments[0].student === "S1" ? "S2" : "S1";
  const bad = {
    ...result,
    appointments: [...result.appointments, { ...result.appointments[0], student: other }],
  };
  assert.ok(
    verifyPlan(instance, bad).some((p) =>
      p.startsWith("instructor I1 2027-03-01T10:00 booked 2 times")
    ),
  );
});

Deno.test("double booking: a fixed appointment occupies its instructor hour", () => {
  const instance = tiny({
    students: [{ available: monday("10:00", "11:00") }, { available: monday("10:00", "11:00") }],
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T10:00", transmission: "manual" }],
  });
  assert.equal(plan(instance).appointments.length, 0);
});

Deno.test("double booking rule: a second lesson in a taken hour does not fit, a fixed one takes it from the start", () => {
  const instance = tiny({
    studentCount: 2,
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T10:00", transmission: "manual" }],
  });
  const model = buildModel(instance);
  const ins = instructorOneLessonAnHour.tracker(model), st = studentOneLessonAnHour.tracker(model);
  assert.equal(ins.fits(lesson(1, 0, 0, 10)), false);
  assert.equal(st.fits(lesson(0, 0, 0, 10)), false);
  ins.add(lesson(1, 0, 0, 11));
  assert.equal(ins.fits(lesson(0, 0, 0, 11)), false);
  ins.remove(lesson(1, 0, 0, 11));
  assert.equal(ins.fits(lesson(0, 0, 0, 11)), true);
  assert.deepEqual(instructorOneLessonAnHour.violations(model, [lesson(1, 0, 0, 10)]), [{
    rule: "instructor_one_lesson_an_hour",
    message: "I1 am 2027-03-01 um 10 Uhr: 2 Fahrstunden zugleich.",
  }]);
  // One row per instructor hour with a variable: 11 free hours (10 is fixed), at most 1 each.
  const { rows } = rowsOf(instance, "ih");
  assert.equal(rows.length, 11);
  assert.ok(rows.every((r) => "max" in r.bound && r.bound.max === 1 && r.terms.length === 2));
});
