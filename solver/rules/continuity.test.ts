import assert from "node:assert/strict";
import { improveInstructorChoice, type Lesson } from "../assign.ts";
import { buildModel } from "../model.ts";
import { tiny } from "../testing/tiny.ts";
import { continuityPenalty } from "./continuity.ts";

Deno.test("continuity: penalty per instructor beyond the first", () => {
  assert.equal(continuityPenalty(new Map([[0, 3], [1, 1], [2, 0]]), 80), 80);
});

Deno.test("continuity: swaps inside an hour give each student one instructor", () => {
  const model = buildModel(tiny({ days: 2, instructors: [{}, {}], studentCount: 2 }));
  const l = (student: number, instructor: number, day: number): Lesson => ({
    student,
    instructor,
    day,
    hour: 10,
    transmission: "manual",
  });
  const lessons = [l(0, 0, 0), l(1, 1, 0), l(0, 1, 1), l(1, 0, 1)];
  improveInstructorChoice(model, lessons, []);
  assert.equal(lessons[0].instructor, lessons[2].instructor);
  assert.equal(lessons[1].instructor, lessons[3].instructor);
});
