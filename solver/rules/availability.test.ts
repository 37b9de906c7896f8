import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { clearOverlapping, hoursCovered, instructorHours } from "./availability.ts";
import { instructorAvailability, studentAvailability } from "./availability.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";

Deno.test("availability: adjacent windows join, a 15-minute break takes the whole hour", () => {
  const hours = hoursCovered([{ start: "08:00", end: "12:00" }, { start: "12:00", end: "14:30" }]);
  assert.deepEqual(hours.flatMap((ok, h) => (ok ? [h] : [])), [8, 9, 10, 11, 12, 13]);
  clearOverlapping(hours, [{ start: "12:00", end: "12:15" }]);
  assert.deepEqual(hours.flatMap((ok, h) => (ok ? [h] : [])), [8, 9, 10, 11, 13]);
});

Deno.test("availability: only common free hours are planned (11 and 13, the break takes 12)", () => {
  const instance = tiny({
    settings: { maxLessonsPerStudentPerDay: 3 },
    instructors: [{ breaks: [{ start: "12:00", end: "12:15" }] }],
    students: [{ available: monday("11:00", "14:00") }],
  });
  const result = plan(instance);
  assert.deepEqual(result.appointments.map((a) => a.start).sort(), [
    "2027-03-01T11:00",
    "2027-03-01T13:00",
  ]);
  const bad = {
    ...result,
    appointments: [{ ...result.appointments[0], start: "2027-03-01T12:00" }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.includes("instructor break")));
});

Deno.test("availability: a weekly block applies only inside its validity", () => {
  const instance = tiny({
    instructors: [{
      weeklyBlocks: [{
        day: 1,
        start: "08:00",
        end: "20:00",
        validFrom: "2027-03-08",
        validUntil: null,
      }],
    }],
  });
  assert.equal(instructorHours(instance.instructors[0], "2027-03-01").filter(Boolean).length, 12);
  assert.equal(instructorHours(instance.instructors[0], "2027-03-08").filter(Boolean).length, 0);
});

Deno.test("availability rule: fits only inside the hours, a lesson outside is a violation, no rows", () => {
  const instance = tiny({
    instructors: [{ breaks: [{ start: "12:00", end: "12:15" }] }],
    students: [{ available: monday("11:00", "14:00") }],
  });
  const model = buildModel(instance);
  const ins = instructorAvailability.tracker(model), st = studentAvailability.tracker(model);
  assert.deepEqual([ins.fits(lesson(0, 0, 0, 11)), ins.fits(lesson(0, 0, 0, 12))], [true, false]);
  assert.deepEqual([st.fits(lesson(0, 0, 0, 13)), st.fits(lesson(0, 0, 0, 14))], [true, false]);
  assert.deepEqual(instructorAvailability.violations(model, [lesson(0, 0, 0, 12)]), [{
    rule: "instructor_availability",
    message: "I1 am 2027-03-01 um 12 Uhr: außerhalb der Arbeitszeit.",
  }]);
  // The domain of the exact programme: student variables only at 11 and 13.
  const { rows } = rowsOf(instance, "sh");
  assert.deepEqual(rows.map((r) => r.name), ["sh0_0_11", "sh0_0_13"]);
});
