import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { breakWindows, lessonRuns, overlongRuns } from "./break_after_hours.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { breakAfterHours, runsFit } from "./break_after_hours.ts";

Deno.test("break rule: runs end at one free hour, or two above 60 minutes", () => {
  assert.deepEqual(lessonRuns([8, 9, 11, 12], 1), [[8, 9], [11, 12]]);
  assert.deepEqual(lessonRuns([8, 9, 11, 12], 2), [[8, 9, 11, 12]]);
  assert.deepEqual(overlongRuns([8, 9, 10, 12], 2, 1), [[8, 9, 10]]);
});

Deno.test("break rule: windows are laid from the end of each stretch", () => {
  const possible = Array.from({ length: 24 }, (_, h) => h >= 8 && h < 19 && h !== 12);
  assert.deepEqual(breakWindows(possible, 4, 1), [[14, 19], [13, 14]]);
});

const day = (minBreakMinutes: number) =>
  tiny({
    settings: { breakAfterHours: 2, minBreakMinutes, maxHoursPerDay: 8 },
    instructors: [{ work: [{ day: 1, start: "08:00", end: "15:00" }] }],
    studentCount: 7,
  });

Deno.test("break rule: 7 hours, at most 2 in a row -> 5 lessons (xx_xx_x)", () => {
  const instance = day(30);
  const result = plan(instance);
  assert.equal(result.appointments.length, 5);
  assert.deepEqual(verifyPlan(instance, result), []);
});

Deno.test("break rule: above 60 minutes a break is two free hours -> 4 lessons (xx__xx_)", () => {
  const instance = day(90);
  const result = plan(instance);
  assert.equal(result.appointments.length, 4);
  assert.deepEqual(verifyPlan(instance, result), []);
  const three = ["08", "09", "11"].map((h, k) => ({
    student: `S${k + 1}`,
    instructor: "I1",
    start: `2027-03-01T${h}:00`,
    transmission: "manual" as const,
  }));
  assert.ok(
    verifyPlan(instance, { ...result, appointments: three }).some((p) =>
      p.includes("3 lessons in a row")
    ),
  );
});

Deno.test("break rule: fits while the run it joins stays at the limit; rows are windows or an automaton", () => {
  const model = buildModel(day(30));
  const rule = breakAfterHours.tracker(model);
  rule.add(lesson(0, 0, 0, 8));
  rule.add(lesson(1, 0, 0, 9));
  assert.deepEqual([rule.fits(lesson(2, 0, 0, 10)), rule.fits(lesson(2, 0, 0, 11))], [false, true]);
  assert.equal(runsFit(0b1101100000000, 2, 1), true);
  assert.equal(runsFit(0b1101100000000, 2, 2), false);
  const three = [8, 9, 10].map((h, k) => lesson(k, 0, 0, h));
  assert.equal(breakAfterHours.violations(model, three).length, 1);
  // One free hour: a row per 3 hours in a row (8-10 .. 12-14), at most 2 lessons each.
  const windows = rowsOf(day(30), "b").rows;
  assert.deepEqual(windows.map((r) => r.name), [
    "b0_0_8",
    "b0_0_9",
    "b0_0_10",
    "b0_0_11",
    "b0_0_12",
  ]);
  assert.ok(windows.every((r) => "max" in r.bound && r.bound.max === 2));
  // Two free hours: an automaton with one unit of flow from its start.
  const flow = rowsOf(day(90), "n").rows;
  assert.deepEqual(flow.filter((r) => r.name.includes("start")).map((r) => r.bound), [{
    equal: 1,
  }]);
});
