import assert from "node:assert/strict";
import { continuityReport } from "./continuity_report.ts";
import { tiny } from "../testing/tiny.ts";

// The horizon 2027-03-29 .. 2027-04-09 spans two calendar months.
const instance = {
  ...tiny({
    instructors: [{}, {}, {}],
    students: [{ preferredInstructor: "I2" }, {}, {}],
  }),
  start: "2027-03-29",
  days: 12,
};
const at = (student: string, instructor: string, start: string) => ({ student, instructor, start });

Deno.test("continuity report: instructors per calendar month, averaged over student-months with lessons", () => {
  const report = continuityReport(instance, [
    // S1: March I1 + I2, April I2 -> 2 and 1; regular I2 (3 of 4 lessons)
    at("S1", "I1", "2027-03-29T10:00"),
    at("S1", "I2", "2027-03-30T10:00"),
    at("S1", "I2", "2027-04-01T10:00"),
    at("S1", "I2", "2027-04-02T10:00"),
    // S2: only April, I3 twice -> 1
    at("S2", "I3", "2027-04-05T10:00"),
    at("S2", "I3", "2027-04-06T10:00"),
    // after the horizon: not counted
    at("S2", "I1", "2027-04-12T10:00"),
  ]);
  const [s1, s2, s3] = report.students;
  assert.deepEqual(s1.instructorsByMonth, { "2027-03": 2, "2027-04": 1 });
  assert.equal(s1.instructorsPerMonth, 1.5);
  assert.equal(s1.regularInstructor, "I2");
  assert.equal(s1.regularShare, 0.75);
  assert.deepEqual(s2.instructorsByMonth, { "2027-04": 1 });
  assert.equal(s2.regularInstructor, "I3");
  // S3 has no lesson: no regular instructor, no student-month.
  assert.equal(s3.regularInstructor, null);
  assert.equal(s3.instructorsPerMonth, 0);
  // (2 + 1 + 1) / 3 student-months
  assert.equal(report.instructorsPerMonth, 4 / 3);
});

Deno.test("continuity report: a tie goes to the preferred instructor", () => {
  const report = continuityReport(instance, [
    at("S1", "I1", "2027-03-29T10:00"),
    at("S1", "I2", "2027-03-30T10:00"),
  ]);
  assert.equal(report.students[0].regularInstructor, "I2");
  assert.equal(report.students[0].regularShare, 0.5);
});
