import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { measureQuality } from "../report/quality.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { preferredHours, preferredTimePenalty } from "./preferred_times.ts";

Deno.test("preferred times: hours inside the windows of that weekday", () => {
  const [student] =
    tiny({ students: [{ preferred: [{ day: 1, start: "16:00", end: "18:00" }] }] }).students;
  assert.deepEqual(preferredHours(student, 1).flatMap((ok, h) => (ok ? [h] : [])), [16, 17]);
  assert.equal(preferredHours(student, 2).filter(Boolean).length, 0);
});

Deno.test("preferred times: penalty only outside the windows of a student who has some", () => {
  assert.equal(preferredTimePenalty(true, false, 70), 70);
  assert.equal(preferredTimePenalty(true, true, 70), 0);
  assert.equal(preferredTimePenalty(false, false, 70), 0);
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

Deno.test("preferred times: three preferred hours in a week, the three lessons take exactly them", () => {
  const preferred = [
    { day: 1, start: "17:00", end: "18:00" },
    { day: 3, start: "09:00", end: "10:00" },
    { day: 5, start: "19:00", end: "20:00" },
  ];
  const instance = tiny({
    days: 7,
    students: [{ needs: { manual: 3, automatic: 0 }, preferred }, {}],
  });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 8);
  const starts = result.appointments.filter((a) => a.student === "S1").map((a) => a.start).sort();
  assert.deepEqual(starts, ["2027-03-01T17:00", "2027-03-03T09:00", "2027-03-05T19:00"]);
});
