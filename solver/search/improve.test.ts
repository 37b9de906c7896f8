import assert from "node:assert/strict";
import { type Lesson, lessonsFromFlow } from "../flow/assign.ts";
import { fillUp } from "../flow/fairness.ts";
import { improveSoftPreferences } from "./improve.ts";
import { buildModel } from "../model.ts";
import { buildNetwork } from "../flow/network.ts";
import { plan } from "../plan.ts";
import { generateInstance } from "../testing/generate.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

const instance = generateInstance({ shape: "mittel", seed: 21, fixed: 20 });

Deno.test("soft search: every student keeps lessons per transmission, the penalty only drops", () => {
  const model = buildModel(instance);
  const network = buildNetwork(model, "split");
  fillUp(network, 0, 1);
  const lessons = lessonsFromFlow(model, network);
  const tally = () => {
    const m = new Map<string, number>();
    for (const l of lessons) {
      const key = `${l.student}/${l.transmission}`;
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    return [...m].sort();
  };
  const before = tally();
  const fixedPairs: [number, number][] = instance.fixed.map((f) => [
    model.studentIndex.get(f.student)!,
    model.instructorIndex.get(f.instructor)!,
  ]);
  const result = improveSoftPreferences(model, lessons, fixedPairs);
  assert.deepEqual(tally(), before);
  assert.ok(result.moves > 0 && result.penaltyAfter < result.penaltyBefore);
});

Deno.test("soft search: a cancel during the search stops it", () => {
  const model = buildModel(instance);
  const network = buildNetwork(model, "split");
  fillUp(network, 0, 1);
  const lessons = lessonsFromFlow(model, network);
  assert.throws(
    () =>
      improveSoftPreferences(model, lessons, [], {
        checkCancel: () => {
          throw new Error("abgebrochen");
        },
      }),
    /abgebrochen/,
  );
});

Deno.test("time limit: a tiny limit still gives a valid plan with every lesson, and says it was hit", () => {
  const full = plan(instance);
  const hurried = plan(instance, { timeLimitSeconds: 0.001 });
  assert.deepEqual(verifyPlan(instance, hurried), []);
  assert.equal(hurried.stats.lessons, full.stats.lessons);
  assert.equal(hurried.stats.minShare, full.stats.minShare);
  assert.equal(hurried.stats.timeLimitHit, true);
  assert.equal(full.stats.timeLimitHit, false);
});

Deno.test("soft search: a lesson takes its student's home instructor, whose lesson moves to a later hour", () => {
  // S1 and S2 both prefer I1. S1 can only drive Monday and Tuesday at 10, I2 works only on
  // Tuesday; S2 has Tuesday 14 besides. Trading the Tuesday-10 lessons gains S1 what it costs S2,
  // so only the chain gives S1 one instructor: S1 takes I1 at Tuesday 10, S2's lesson moves to 14.
  const tue = (start: string, end: string) => ({ day: 2, start, end });
  const instance = tiny({
    days: 2,
    instructors: [{}, { work: [tue("08:00", "20:00")] }],
    students: [
      {
        needs: { manual: 2, automatic: 0 },
        preferredInstructor: "I1",
        available: [...monday("10:00", "11:00"), tue("10:00", "11:00")],
      },
      {
        needs: { manual: 2, automatic: 0 },
        preferredInstructor: "I1",
        available: [...monday("11:00", "12:00"), tue("10:00", "11:00"), tue("14:00", "15:00")],
      },
    ],
  });
  const model = buildModel(instance);
  const at = (student: number, instructor: number, day: number, hour: number): Lesson => ({
    student,
    instructor,
    day,
    hour,
    transmission: "manual",
  });
  const lessons = [at(0, 0, 0, 10), at(0, 1, 1, 10), at(1, 0, 0, 11), at(1, 0, 1, 10)];
  improveSoftPreferences(model, lessons, []);
  assert.deepEqual(lessons, [at(0, 0, 0, 10), at(0, 0, 1, 10), at(1, 0, 0, 11), at(1, 0, 1, 14)]);
});
