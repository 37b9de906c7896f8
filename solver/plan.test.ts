import assert from "node:assert/strict";
import { parseInstance } from "./instance.ts";
import { plan } from "./plan.ts";
import { generateInstance, type GenerateOptions } from "./testing/generate.ts";
import { verifyPlan } from "./verify.ts";
import type { Instance } from "./instance.ts";
import type { PlanStats } from "./plan_format.ts";
import { tiny } from "./testing/tiny.ts";

/** The claims a plan makes about itself are consistent with its own figures. */
function assertHonestClaims(s: PlanStats, label: string) {
  assert.ok(s.lessons <= s.upperBound, `${label}: lessons above the upper bound`);
  assert.equal(s.optimal, s.lessons === s.upperBound, `${label}: optimal iff at the bound`);
  assert.equal(s.lessonsGap, s.upperBound - s.lessons);
  assert.ok(s.minShare <= s.minShareBound + 1e-9, `${label}: lowest share above its bound`);
  if (s.bestMinShare !== undefined) assert.equal(s.bestMinShare, s.minShare);
  else assert.ok(s.minShare < s.minShareBound - 1e-9, `${label}: a proven share left out`);
}

const examples = new URL("./examples/", import.meta.url);
const load = (name: string) =>
  parseInstance(JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, examples))));

function assertGoodPlan(instance: Instance, label: string) {
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), [], `${label}: plan must be valid`);
  const { lessons, upperBound, minShare, minShareBound } = result.stats;
  assert.ok(
    lessons >= 0.995 * upperBound,
    `${label}: ${lessons} lessons < 99.5 % of bound ${upperBound}`,
  );
  assert.ok(
    minShare >= 0.95 * minShareBound - 1e-9,
    `${label}: lowest share ${minShare} < 95 % of ${minShareBound}`,
  );
  assertHonestClaims(result.stats, label);
  const missing = result.unplanned.reduce((n, u) => n + u.missing, 0);
  const needs = instance.students.reduce((n, s) => n + s.needs.manual + s.needs.automatic, 0);
  assert.equal(lessons + missing, needs, `${label}: planned + unplanned = needs`);
  for (const u of result.unplanned) assert.match(u.reason, /\.$/);
}

for (const name of ["klein", "mittel", "gross", "mega", "legendary"]) {
  Deno.test(`example ${name}: valid, at the bound, fair`, () => assertGoodPlan(load(name), name));
}

const variants: GenerateOptions[] = [
  { shape: "klein", seed: 11 },
  { shape: "mittel", seed: 12, tightPeak: true },
  { shape: "mittel", seed: 13, scarceVehicles: true },
  { shape: "gross", seed: 14, b197Share: 0.5 },
  { shape: "mittel", seed: 15, fixed: 40 },
  {
    shape: "klein",
    seed: 16,
    fixed: 15,
    settings: { minBreakMinutes: 90, breakAfterHours: 3 },
  },
  { shape: "gross", seed: 17, tightPeak: true, scarceVehicles: true, fixed: 30 },
];
for (const v of variants) {
  const label = JSON.stringify(v);
  Deno.test(`generated ${label}`, () => assertGoodPlan(generateInstance(v), label));
}

// Two-hour breaks together with several lessons per student and day: the run repair is myopic
// here; plans reach 95-100 % of a bound that is itself loose for this rule (README-planner.md).
Deno.test("generated with two-hour breaks and 2 lessons a day: still valid", () => {
  const settings = { minBreakMinutes: 90, breakAfterHours: 2, maxLessonsPerStudentPerDay: 2 };
  const instance = generateInstance({ shape: "klein", seed: 16, fixed: 15, settings });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.ok(result.stats.lessons >= 0.95 * result.stats.upperBound);
});

Deno.test("stats: every need met is optimal with a proven best lowest share of 1", () => {
  // One student, two lessons, two days: all of it fits. The fairness search used to skip the
  // share of 1 and claim 50 % as the best while the plan reached 100 %.
  const result = plan(tiny({ days: 2, students: [{ needs: { manual: 2, automatic: 0 } }] }));
  assert.equal(result.stats.lessons, 2);
  assert.equal(result.stats.optimal, true);
  assert.equal(result.stats.lessonsGap, 0);
  assert.equal(result.stats.minShare, 1);
  assert.equal(result.stats.bestMinShare, 1);
  assertHonestClaims(result.stats, "tiny");
});

Deno.test("plan reports progress in German and stops on cancel", () => {
  const steps: string[] = [];
  const percents: number[] = [];
  plan(load("klein"), {
    onProgress: (p) => {
      steps.push(p.step);
      percents.push(p.percent);
    },
  });
  // The planner card's stage names (issue 13), in the order the pipeline runs them.
  const stages = [
    "Modell aufbauen",
    "Fairness ausgleichen",
    "Fahrstunden verteilen",
    "Feinschliff",
  ];
  assert.deepEqual(stages.filter((s) => steps.includes(s)), stages);
  assert.deepEqual(
    stages.map((s) => steps.indexOf(s)),
    stages.map((s) => steps.indexOf(s)).sort((a, b) => a - b),
  );
  assert.ok(steps.includes("Fahrzeuge zuteilen"));
  // The bar only moves forward, from the first step to 100 %.
  assert.deepEqual(percents, [...percents].sort((a, b) => a - b));
  assert.equal(percents.at(-1), 100);
  assert.throws(() => plan(load("klein"), { shouldCancel: () => true }), /abgebrochen/);
});
