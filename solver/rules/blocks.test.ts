import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

Deno.test("blocks: one-off and weekly blocks remove the hours they touch (3 free hours left of 6)", () => {
  const instance = tiny({
    settings: { maxLessonsPerStudentPerDay: 3 },
    instructors: [{
      blocks: [{ date: "2027-03-01", start: "14:30", end: "15:30" }],
      weeklyBlocks: [{ day: 1, start: "17:00", end: "18:00", validFrom: null, validUntil: null }],
    }],
    students: [{ available: monday("14:00", "20:00"), needs: { manual: 6, automatic: 0 } }],
  });
  const result = plan(instance);
  assert.deepEqual(result.appointments.map((a) => a.start.slice(11)).sort(), [
    "16:00",
    "18:00",
    "19:00",
  ]);
  const bad = {
    ...result,
    appointments: [{ ...result.appointments[0], start: "2027-03-01T15:00" }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.includes("instructor block")));
});

Deno.test("blocks: a student's block removes the hours it touches", () => {
  const instance = tiny({
    settings: { maxLessonsPerStudentPerDay: 3 },
    students: [{
      available: monday("14:00", "17:00"),
      blocks: [{ date: "2027-03-01", start: "14:00", end: "15:01" }],
    }],
  });
  assert.deepEqual(plan(instance).appointments.map((a) => a.start.slice(11)), ["16:00"]);
});
