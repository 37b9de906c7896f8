import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { drivingMinutesPerDay, legalDayCapacity } from "./driving_minutes_per_day.ts";
import { buildModel } from "../model.ts";

Deno.test("driving minutes: 495 minutes are 8 lessons of 60 or 11 of 45; fixed minutes count", () => {
  assert.equal(legalDayCapacity(0, 60), 8);
  assert.equal(legalDayCapacity(0, 45), 11);
  assert.equal(legalDayCapacity(3 * 60, 60), 5);
  assert.equal(legalDayCapacity(9 * 60, 60), 0);
  // A 90-minute special drive leaves 405 minutes: 9 lessons of 45.
  assert.equal(legalDayCapacity(90, 45), 9);
});

Deno.test("driving minutes: 'Max. Stunden pro Tag' 12 does not lift the legal day (14 students -> 8)", () => {
  const instance = tiny({
    settings: { maxHoursPerDay: 12, breakAfterHours: 6, minBreakMinutes: 15 },
    studentCount: 14,
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 8);
  assert.deepEqual(verifyPlan(instance, result), []);
  // A ninth lesson breaks the rule (and the referee says so too).
  const model = buildModel(instance);
  const ninth = result.appointments.map((a) => ({
    student: model.studentIndex.get(a.student)!,
    instructor: model.instructorIndex.get(a.instructor)!,
    day: 0,
    hour: Number(a.start.slice(11, 13)),
    transmission: a.transmission,
  }));
  const tracker = drivingMinutesPerDay.tracker(model);
  for (const l of ninth) tracker.add(l);
  assert.equal(tracker.fits({ ...ninth[0], student: 13 }), false);
});

Deno.test("driving minutes: with the school's cap at 8 or below the rule adds no rows or checks", () => {
  const model = buildModel(tiny({ settings: { maxHoursPerDay: 8 }, studentCount: 3 }));
  assert.equal(drivingMinutesPerDay.tracker(model).fixed, true);
});
