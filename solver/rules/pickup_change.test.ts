import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { generateInstance } from "../testing/generate.ts";
import { withTraining } from "../testing/ausbildung.ts";
import { lesson } from "../testing/rule_probe.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { pickupChange, pickupRuleBinds } from "./pickup_change.ts";
import { lessonsOfAppointments, violationsOf } from "./rulebook.ts";

/** S1 and S3 meet at Kley, S2 at Barop, S4 nowhere in particular. */
const students = [{ pickupPoint: "Kley" }, { pickupPoint: "Barop" }, { pickupPoint: "Kley" }, {}];
const school = (settings: Record<string, unknown>) =>
  tiny({ format: "fahrplan-instance/2", settings, students });

Deno.test("pickup change: 60-minute lessons back to back need the same pickup point", () => {
  const model = buildModel(school({ lessonMinutes: 60, pickupChangeMinutes: 15 }));
  assert.equal(pickupRuleBinds(model), true);
  const t = pickupChange.tracker(model);
  t.add(lesson(0, 0, 0, 8)); // S1 at Kley, 8-9
  assert.equal(t.fits(lesson(1, 0, 0, 9)), false, "Barop right after Kley");
  assert.equal(t.fits(lesson(1, 0, 0, 7)), false, "Barop right before Kley");
  assert.equal(t.fits(lesson(2, 0, 0, 9)), true, "Kley again");
  assert.equal(t.fits(lesson(3, 0, 0, 9)), true, "a student without pickup point");
  assert.equal(t.fits(lesson(1, 0, 0, 10)), true, "a free slot between them");
  t.remove(lesson(0, 0, 0, 8));
  assert.equal(t.fits(lesson(1, 0, 0, 9)), true);
});

Deno.test("pickup change: 45-minute lessons leave 15 minutes, so up to 15 the rule never binds", () => {
  assert.equal(
    pickupRuleBinds(buildModel(school({ lessonMinutes: 45, pickupChangeMinutes: 15 }))),
    false,
  );
  assert.equal(
    pickupRuleBinds(buildModel(school({ lessonMinutes: 60, pickupChangeMinutes: 0 }))),
    false,
  );
  const model = buildModel(school({ lessonMinutes: 45, pickupChangeMinutes: 20 }));
  assert.equal(pickupRuleBinds(model), true);
  const t = pickupChange.tracker(model);
  t.add(lesson(0, 0, 0, 8));
  assert.equal(t.fits(lesson(1, 0, 0, 9)), false);
});

Deno.test("pickup change: a fixed appointment's pickup point counts; violations and the referee agree", () => {
  const instance = tiny({
    format: "fahrplan-instance/2",
    settings: { lessonMinutes: 60, pickupChangeMinutes: 15 },
    students,
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T10:00", transmission: "manual" }],
  });
  const model = buildModel(instance);
  assert.equal(pickupChange.tracker(model).fits(lesson(1, 0, 0, 11)), false);
  assert.equal(pickupChange.tracker(model).fits(lesson(2, 0, 0, 11)), true);
  const bad = [lesson(1, 0, 0, 11)];
  const v = pickupChange.violations(model, bad);
  assert.equal(v.length, 1);
  assert.match(v[0].message, /„Kley“.*„Barop“, 0 Minuten zum Wechsel, nötig 15/);
  const appointments = [{
    student: "S2",
    instructor: "I1",
    start: "2027-03-01T11:00",
    transmission: "manual" as const,
  }];
  assert.equal(verifyPlan(instance, { appointments }).length, 1);
  assert.deepEqual(violationsOf(model, lessonsOfAppointments(model, appointments)).length, 1);
});

Deno.test("pickup change: a plan with 60-minute lessons and three pickup points keeps the rule", () => {
  const base = generateInstance({ shape: "klein", seed: 5 });
  base.settings.vehicleAssignment = false;
  const instance = withTraining(base, {
    lessonMinutes: 60,
    specialEvery: 1_000_000, // no special drives: only the ordinary lessons' instructors change
    pickupPoints: 3,
    pickupChangeMinutes: 15,
  });
  const model = buildModel(instance);
  const result = plan(instance);
  assert.ok(result.appointments.length > 50, `${result.appointments.length} lessons`);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.deepEqual(violationsOf(model, lessonsOfAppointments(model, result.appointments)), []);
  // Some instructor does teach two pickup points on one day (the rule shapes, not empties, days).
  const points = new Map<string, Set<string>>();
  for (const a of result.appointments) {
    const k = `${a.instructor} ${a.start.slice(0, 10)}`;
    if (!points.has(k)) points.set(k, new Set());
    points.get(k)!.add(instance.students[model.studentIndex.get(a.student)!].pickupPoint!);
  }
  assert.ok([...points.values()].some((s) => s.size > 1));
});
