import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { tiny } from "../testing/tiny.ts";
import { beforeExam } from "./before_exam.ts";
import type { Lesson } from "./rule.ts";

const V2 = "fahrplan-instance/2";
const at = (day: number, hour: number, extra: Partial<Lesson> = {}): Lesson => ({
  student: 0,
  instructor: 0,
  transmission: "manual",
  day,
  hour,
  ...extra,
});

Deno.test("before_exam: a lesson must end by the exam; later ones break the rule", () => {
  const model = buildModel(
    tiny({
      format: V2,
      days: 3,
      settings: { lessonMinutes: 45 },
      students: [{ examAt: "2027-03-02T10:00" }],
    }),
  );
  const tracker = beforeExam.tracker(model);
  assert.equal(tracker.fits(at(0, 18)), true);
  assert.equal(tracker.fits(at(1, 9)), true, "09:00-09:45 ends before 10:00");
  assert.equal(tracker.fits(at(1, 10)), false);
  assert.equal(tracker.fits(at(2, 8)), false);
  // A double lesson's second slot drives 30 minutes: 08:00-09:30 ends before the exam.
  assert.equal(tracker.fits(at(1, 9, { kind: "overland", minutes: 30, cont: true })), true);
  assert.deepEqual(beforeExam.violations(model, [at(1, 9)]), []);
  assert.match(beforeExam.violations(model, [at(2, 8)])[0].message, /nach der Prüfung/);
  // The model closes the student's hours from the exam on, so the flow offers none there.
  assert.equal(model.studentPossible[0][1 * 24 + 9], 1);
  assert.equal(model.studentPossible[0][1 * 24 + 10], 0);
});

Deno.test("before_exam: without any exam the rule is inert (never asked)", () => {
  assert.equal(beforeExam.tracker(buildModel(tiny({ format: V2 }))).inert, true);
});
