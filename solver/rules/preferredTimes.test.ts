import assert from "node:assert/strict";
import { measureQuality } from "../quality.ts";
import { tiny } from "../testing/tiny.ts";
import { preferredHours } from "./preferredTimes.ts";

Deno.test("preferred times: hours inside the windows of that weekday", () => {
  const [student] =
    tiny({ students: [{ preferred: [{ day: 1, start: "16:00", end: "18:00" }] }] }).students;
  assert.deepEqual(preferredHours(student, 1).flatMap((ok, h) => (ok ? [h] : [])), [16, 17]);
  assert.equal(preferredHours(student, 2).filter(Boolean).length, 0);
});

Deno.test("preferred times: quality counts the share of lessons inside them (1 of 2)", () => {
  const instance = tiny({
    days: 2,
    students: [{ preferred: [{ day: 1, start: "16:00", end: "18:00" }] }],
  });
  const a = (start: string) => ({
    student: "S1",
    instructor: "I1",
    start,
    transmission: "manual" as const,
  });
  const q = measureQuality(instance, {
    appointments: [a("2027-03-01T16:00"), a("2027-03-02T16:00")],
  });
  assert.equal(q.preferredTimesShare, 0.5);
});
