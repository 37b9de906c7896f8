import assert from "node:assert/strict";
import { lessonsFromFlow } from "./assign.ts";
import { fillUp } from "./fairness.ts";
import { improveSoftPreferences } from "./improve.ts";
import { buildModel } from "./model.ts";
import { buildNetwork } from "./network.ts";
import { plan } from "./plan.ts";
import { generateInstance } from "./testing/generate.ts";
import { verifyPlan } from "./verify.ts";

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

Deno.test("time limit: a tiny limit still gives a valid plan with every lesson", () => {
  const full = plan(instance);
  const hurried = plan(instance, { timeLimitSeconds: 0.001 });
  assert.deepEqual(verifyPlan(instance, hurried), []);
  assert.equal(hurried.stats.lessons, full.stats.lessons);
  assert.equal(hurried.stats.minShare, full.stats.minShare);
  assert.equal(hurried.stats.searchStoppedByTime, 1);
});
