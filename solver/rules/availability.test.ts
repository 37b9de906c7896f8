import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { clearOverlapping, hoursCovered, instructorHours } from "./availability.ts";

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
