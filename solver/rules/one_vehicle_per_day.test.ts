import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { generateInstance } from "../testing/generate.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { type Instance, parseInstance } from "../instance.ts";
import { withTraining } from "../testing/ausbildung.ts";
import type { Appointment } from "../plan_format.ts";
import { oneVehiclePerDay } from "./one_vehicle_per_day.ts";
import { lessonsOfAppointments, violationsOf } from "./rulebook.ts";

/** Three instructors, two manual cars, the rule hard. */
const school = () =>
  tiny({
    format: "fahrplan-instance/2",
    settings: { vehicleAssignment: true, vehiclePerDay: "hard" },
    instructors: [{}, {}, {}],
    studentCount: 3,
    vehicles: [
      { id: "V1", transmission: "manual" },
      { id: "V2", transmission: "manual" },
      { id: "V3", transmission: "automatic" },
    ],
  });

Deno.test("one vehicle per day: no more instructors drive a transmission on a day than there are cars", () => {
  const model = buildModel(school());
  const t = oneVehiclePerDay.tracker(model);
  t.add(lesson(0, 0, 0, 8));
  t.add(lesson(1, 1, 0, 9));
  assert.equal(t.fits(lesson(2, 2, 0, 10)), false, "a third instructor would need a third car");
  assert.equal(t.fits(lesson(2, 1, 0, 10)), true, "the second keeps their car");
  assert.equal(
    t.fits(lesson(2, 2, 0, 10, "automatic")),
    true,
    "the automatic car is another count",
  );
  t.remove(lesson(1, 1, 0, 9));
  assert.equal(t.fits(lesson(2, 2, 0, 10)), true);
  const v = oneVehiclePerDay.violations(model, [
    lesson(0, 0, 0, 8),
    lesson(1, 1, 0, 9),
    lesson(2, 2, 0, 10),
  ]);
  assert.equal(v.length, 1);
  assert.match(v[0].message, /3 Fahrlehrer fahren Schaltwagen, aber nur 2 Fahrzeuge/);
});

Deno.test("one vehicle per day: rows tie each instructor's teaching to one start per day, at most the cars", () => {
  const { rows } = rowsOf(school(), "one_vehicle_per_day");
  const cap = rows.find((r) => r.name === "one_vehicle_per_day_0_manual")!;
  assert.equal(cap.terms.length, 3);
  assert.deepEqual(cap.bound, { max: 2 });
  // A lesson kept with instructor 1 counts as present: one more instructor may start.
  const kept = rowsOf(school(), "one_vehicle_per_day", [lesson(0, 0, 0, 8)]).rows;
  assert.deepEqual(kept.find((r) => r.name === "one_vehicle_per_day_0_manual")!.bound, { max: 1 });
  // Soft (or absent) it is no rule.
  const soft = school();
  soft.settings.vehiclePerDay = "soft";
  assert.equal(rowsOf(soft, "one_vehicle_per_day").rows.length, 0);
});

/** Instructor days (and transmissions) that used more than one car. */
function carChanges(appointments: readonly Appointment[]): number {
  const cars = new Map<string, Set<string>>();
  for (const a of appointments) {
    const k = `${a.instructor} ${a.start.slice(0, 10)} ${a.transmission}`;
    if (!cars.has(k)) cars.set(k, new Set());
    cars.get(k)!.add(a.vehicle!);
  }
  return [...cars.values()].filter((s) => s.size > 1).length;
}

function scarce(setting?: "soft" | "hard"): Instance {
  const instance = generateInstance({ shape: "klein", seed: 4, scarceVehicles: true });
  instance.format = "fahrplan-instance/2";
  if (setting) instance.settings.vehiclePerDay = setting;
  return instance;
}

Deno.test("one vehicle per day, hard: every instructor day keeps one car, and the referee agrees", () => {
  const instance = scarce("hard");
  const result = plan(instance);
  assert.ok(result.appointments.length > 50);
  assert.deepEqual(verifyPlan(instance, result), []);
  const model = buildModel(instance);
  assert.deepEqual(violationsOf(model, lessonsOfAppointments(model, result.appointments)), []);
  assert.equal(carChanges(result.appointments), 0);
});

Deno.test("one vehicle per day, soft: fewer car changes than hour by hour, same lessons; the default vehicle first", () => {
  const before = plan(scarce());
  const soft = scarce("soft");
  const owner = soft.instructors[0];
  const car = soft.vehicles.find((v) => owner.transmissions.includes(v.transmission))!;
  owner.defaultVehicle = car.id;
  const after = plan(soft);
  assert.deepEqual(verifyPlan(soft, after), []);
  assert.equal(after.appointments.length, before.appointments.length);
  assert.ok(
    carChanges(after.appointments) < carChanges(before.appointments),
    `${carChanges(after.appointments)} against ${carChanges(before.appointments)}`,
  );
  const own = after.appointments.filter((a) =>
    a.instructor === owner.id && a.transmission === car.transmission
  );
  assert.ok(own.length > 0 && own.filter((a) => a.vehicle === car.id).length > own.length / 2);
});

Deno.test("one vehicle per day, hard: special drives (stage 0) take the instructor's car of the day too", () => {
  const example = parseInstance(
    JSON.parse(Deno.readTextFileSync(new URL("../examples/klein.json", import.meta.url))),
  );
  const instance = withTraining(example, { eveningUntil: 21, lessonMinutes: 60 });
  instance.settings.vehiclePerDay = "hard";
  const result = plan(instance);
  assert.ok(result.appointments.some((a) => a.kind !== "driving_lesson"));
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(carChanges(result.appointments), 0);
});
