import assert from "node:assert/strict";
import { improveInstructorChoice, type Lesson } from "../assign.ts";
import { buildModel } from "../model.ts";
import { tiny } from "../testing/tiny.ts";
import { preferredInstructorPenalty } from "./preferredInstructor.ts";

Deno.test("preferred instructor: penalty per lesson with someone else", () => {
  assert.equal(preferredInstructorPenalty(new Map([[0, 2], [1, 3]]), 0, 60), 180);
  assert.equal(preferredInstructorPenalty(new Map([[0, 2]]), -1, 60), 0);
});

Deno.test("preferred instructor: the student gets I2 when it only costs a swap", () => {
  const model = buildModel(
    tiny({ instructors: [{}, {}], students: [{ preferredInstructor: "I2" }, {}] }),
  );
  const lessons: Lesson[] = [
    { student: 0, instructor: 0, day: 0, hour: 10, transmission: "manual" },
    { student: 1, instructor: 1, day: 0, hour: 10, transmission: "manual" },
  ];
  improveInstructorChoice(model, lessons, []);
  assert.deepEqual(lessons.map((x) => x.instructor), [1, 0]);
});
