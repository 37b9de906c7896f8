import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { random } from "../testing/generate.ts";
import { generateInstance } from "../testing/generate.ts";
import { lessonStart } from "../calendar.ts";
import { verifyPlan } from "../verify.ts";
import { withTraining } from "../testing/ausbildung.ts";
import type { Lesson } from "./rule.ts";
import { HARD_RULES, lessonsOfAppointments, RuleState, violationsOf } from "./rulebook.ts";

Deno.test("rulebook: every rule registered once, each with a German name", () => {
  const ids = HARD_RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of HARD_RULES) assert.ok(r.germanName.length > 3, r.id);
});

Deno.test("rulebook: the rules agree with the referee (verify.ts) on 300 plans with one lesson moved", () => {
  // Without vehicles: the referee checks cars by id, the rules count them per hour (stage 8 names them).
  const instance = generateInstance({ shape: "klein", seed: 7, fixed: 6 });
  instance.settings.vehicleAssignment = false;
  instance.settings.maxLessonsPerStudentPerDay = 2;
  instance.settings.breakAfterHours = 2;
  const model = buildModel(instance);
  const result = plan(instance);
  const lessons = lessonsOfAppointments(model, result.appointments);
  assert.deepEqual(violationsOf(model, lessons), []);
  const rnd = random(11);
  const pick = (n: number) => Math.floor(rnd() * n);
  let broken = 0;
  for (let k = 0; k < 300; k++) {
    const moved = lessons.map((l) => ({ ...l }));
    const l = moved[pick(moved.length)];
    l.instructor = pick(instance.instructors.length);
    // Every other move keeps the hour (often valid with another instructor), the rest go anywhere.
    if (k % 2 === 0) {
      l.day = pick(model.days);
      l.hour = 6 + pick(16);
    }
    if (k % 5 === 0) l.transmission = l.transmission === "manual" ? "automatic" : "manual";
    const appointments = moved.map((x) => ({
      student: instance.students[x.student].id,
      instructor: instance.instructors[x.instructor].id,
      start: lessonStart(model.dates[x.day], x.hour),
      transmission: x.transmission,
    }));
    const rules = violationsOf(model, moved), referee = verifyPlan(instance, { appointments });
    assert.equal(rules.length > 0, referee.length > 0, JSON.stringify({ rules, referee }));
    if (rules.length > 0) broken++;
  }
  assert.ok(broken > 50 && 300 - broken >= 20, `${broken} of 300 broken: both kinds were tried`);
});

Deno.test("rulebook: a lesson fits where the rules hold it and no longer once it is added", () => {
  const instance = generateInstance({ shape: "klein", seed: 3 });
  const model = buildModel(instance);
  const state = new RuleState(model);
  const l: Lesson = { student: 0, instructor: 0, transmission: "manual", day: 0, hour: 0 };
  // Some hour of the first student and instructor fits; after adding it, the same lesson does not.
  const found = [...Array(model.days * 24).keys()].some((k) => {
    l.day = Math.floor(k / 24);
    l.hour = k % 24;
    for (const t of ["manual", "automatic"] as const) {
      l.transmission = t;
      if (state.fits(l)) return true;
    }
    return false;
  });
  assert.ok(found);
  state.add(l);
  assert.equal(state.fits(l), false);
  state.remove(l);
  assert.equal(state.fits(l), true);
});

Deno.test("rulebook: the Ausbildung's rules agree with the referee on 200 plans with one special drive moved", () => {
  const base = generateInstance({ shape: "klein", seed: 5 });
  base.settings.vehicleAssignment = false;
  const instance = withTraining(base, {
    eveningUntil: 22,
    examEvery: 3,
    examDay: 10,
    unreleasedEvery: 4,
    lessonMinutes: 45,
  });
  const model = buildModel(instance);
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.deepEqual(violationsOf(model, lessonsOfAppointments(model, result.appointments)), []);
  const special = result.appointments.map((a, k) => ({ a, k })).filter((x) =>
    x.a.kind !== "driving_lesson"
  );
  assert.ok(special.length > 10, `${special.length} special drives`);
  const rnd = random(13);
  const pick = (n: number) => Math.floor(rnd() * n);
  let broken = 0;
  for (let k = 0; k < 200; k++) {
    const moved = result.appointments.map((a) => ({ ...a }));
    const { k: at } = special[pick(special.length)];
    const a = moved[at];
    // Every other move shifts the drive by an hour on its day (often still valid), the rest go
    // anywhere.
    const date = k % 2 === 0 ? a.start.slice(0, 10) : model.dates[pick(model.days)];
    const hour = k % 2 === 0 ? Number(a.start.slice(11, 13)) + (pick(2) ? 1 : -1) : 7 + pick(15);
    const hh = (h: number) => String(h).padStart(2, "0");
    a.start = `${date}T${hh(hour)}:00`;
    a.end = `${date}T${hh(hour + 1)}:30`;
    if (k % 3 === 0) a.student = instance.students[pick(instance.students.length)].id;
    const rules = violationsOf(model, lessonsOfAppointments(model, moved));
    const referee = verifyPlan(instance, { appointments: moved });
    assert.equal(rules.length > 0, referee.length > 0, JSON.stringify({ a, rules, referee }));
    if (rules.length > 0) broken++;
  }
  assert.ok(broken > 30 && 200 - broken >= 5, `${broken} of 200 broken: both kinds were tried`);
});

Deno.test("rulebook: the pickup rule agrees with the referee on 200 plans with one lesson moved", () => {
  const base = generateInstance({ shape: "klein", seed: 5 });
  base.settings.vehicleAssignment = false;
  const instance = withTraining(base, {
    lessonMinutes: 60,
    specialEvery: 1_000_000,
    pickupPoints: 3,
    pickupChangeMinutes: 15,
  });
  const model = buildModel(instance);
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  const rnd = random(17);
  const pick = (n: number) => Math.floor(rnd() * n);
  const ordinary = result.appointments.map((a, k) => ({ a, k })).filter((x) =>
    x.a.kind === "driving_lesson"
  );
  let broken = 0, pickupBroken = 0;
  for (let k = 0; k < 200; k++) {
    const moved = result.appointments.map((a) => ({ ...a }));
    const a = moved[ordinary[pick(ordinary.length)].k];
    a.instructor = instance.instructors[pick(instance.instructors.length)].id;
    if (k % 2 === 0) {
      const hour = Number(a.start.slice(11, 13)) + (pick(2) ? 1 : -1);
      a.start = `${a.start.slice(0, 11)}${String(hour).padStart(2, "0")}:00`;
      a.end = `${a.start.slice(0, 11)}${String(hour + 1).padStart(2, "0")}:00`;
    }
    const rules = violationsOf(model, lessonsOfAppointments(model, moved));
    const referee = verifyPlan(instance, { appointments: moved });
    assert.equal(rules.length > 0, referee.length > 0, JSON.stringify({ a, rules, referee }));
    if (rules.length > 0) broken++;
    if (rules.some((v) => v.rule === "pickup_change")) pickupBroken++;
  }
  assert.ok(pickupBroken > 5 && 200 - broken >= 5, `${broken} broken, ${pickupBroken} by pickup`);
});
