import assert from "node:assert/strict";
import type { Lesson } from "../flow/assign.ts";
import { improveSoftPreferences } from "../search/improve.ts";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { preferredInstructorPenalty } from "./preferred_instructor.ts";

Deno.test("preferred instructor: penalty per lesson with someone else", () => {
  assert.equal(preferredInstructorPenalty(new Map([[0, 2], [1, 3]]), 0, 60), 180);
  assert.equal(preferredInstructorPenalty(new Map([[0, 2]]), -1, 60), 0);
  assert.equal(preferredInstructorPenalty([2, 3], 1, 60), 120);
});

Deno.test("preferred instructor: the soft search gives the student I2 when it only costs a swap", () => {
  const model = buildModel(
    tiny({ instructors: [{}, {}], students: [{ preferredInstructor: "I2" }, {}] }),
  );
  const lessons: Lesson[] = [
    { student: 0, instructor: 0, day: 0, hour: 10, transmission: "manual" },
    { student: 1, instructor: 1, day: 0, hour: 10, transmission: "manual" },
  ];
  improveSoftPreferences(model, lessons, []);
  assert.deepEqual(lessons.map((x) => x.instructor), [1, 0]);
});

Deno.test("preferred instructor: two instructors free alike, all five lessons with I2", () => {
  const instance = tiny({
    days: 5,
    instructors: [{}, {}],
    students: [{ preferredInstructor: "I2" }, {}, {}],
  });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 15);
  const s1 = result.appointments.filter((a) => a.student === "S1");
  assert.deepEqual(s1.map((a) => a.instructor), ["I2", "I2", "I2", "I2", "I2"]);
  assert.equal(result.stats.preferredInstructorShare, 1);
});

Deno.test("preferred instructor: weight 0 switches the rule off", () => {
  const instance = tiny({
    days: 5,
    settings: {
      soft: {
        studentPreferences: 0,
        instructorContinuity: 0,
        preferredTimes: 0,
        balanceWorkload: 0,
      },
    },
    instructors: [{}, {}],
    students: [{ preferredInstructor: "I2" }],
  });
  assert.equal(plan(instance).stats.searchMoves, 0);
});
