import assert from "node:assert/strict";
import type { Lesson } from "../flow/assign.ts";
import { improveSoftPreferences } from "../search/improve.ts";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { CONTINUITY_SLOPE, continuityCost } from "./continuity.ts";

Deno.test("continuity: search cost adds a slope per lesson away from the main instructor", () => {
  assert.equal(continuityCost([3, 1, 0], 80), 80 + 80 * CONTINUITY_SLOPE * 1);
  assert.equal(continuityCost([4, 0, 0], 80), 0);
  assert.equal(continuityCost([3, 1, 0], 0), 0);
});

Deno.test("continuity: the soft search swaps inside an hour so each student keeps one instructor", () => {
  const model = buildModel(tiny({ days: 2, instructors: [{}, {}], studentCount: 2 }));
  const l = (student: number, instructor: number, day: number): Lesson => ({
    student,
    instructor,
    day,
    hour: 10,
    transmission: "manual",
  });
  const lessons = [l(0, 0, 0), l(1, 1, 0), l(0, 1, 1), l(1, 0, 1)];
  improveSoftPreferences(model, lessons, []);
  assert.equal(lessons[0].instructor, lessons[2].instructor);
  assert.equal(lessons[1].instructor, lessons[3].instructor);
});

Deno.test("continuity: three students, three instructors, a week: one instructor each", () => {
  const instance = tiny({ days: 7, instructors: [{}, {}, {}], studentCount: 3 });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 15);
  assert.equal(result.stats.avgInstructorsPerStudent, 1);
});

Deno.test("continuity: I1 only on Monday, I2 all week: the student's lessons go to I2 alone", () => {
  // S2 drives once, on Monday: I1's share of the lessons (flow/instructor_fairness.ts) is hers.
  const instance = tiny({
    days: 5,
    instructors: [{ work: [{ day: 1, start: "08:00", end: "20:00" }] }, {}],
    students: [{}, { needs: { manual: 1, automatic: 0 }, available: monday("08:00", "20:00") }],
  });
  const result = plan(instance);
  assert.equal(result.stats.lessons, 6);
  const s1 = result.appointments.filter((a) => a.student === "S1");
  assert.deepEqual(new Set(s1.map((a) => a.instructor)), new Set(["I2"]));
});
