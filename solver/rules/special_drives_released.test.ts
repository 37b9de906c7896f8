import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { tiny } from "../testing/tiny.ts";
import { specialDrivesReleased } from "./special_drives_released.ts";
import type { Lesson } from "./rule.ts";

const night = (student: number): Lesson => ({
  student,
  instructor: 0,
  transmission: "manual",
  day: 0,
  hour: 19,
  kind: "night",
  minutes: 60,
});

Deno.test("special_drives_released: special drives only for released students; lessons for all", () => {
  const special = { overland: 0, highway: 0, night: 2 };
  const model = buildModel(tiny({
    format: "fahrplan-instance/2",
    students: [{ special, specialDrivesReleased: true }, { special }],
  }));
  const tracker = specialDrivesReleased.tracker(model);
  assert.equal(tracker.fits(night(0)), true);
  assert.equal(tracker.fits(night(1)), false);
  assert.equal(tracker.fits({ ...night(1), kind: undefined, minutes: undefined }), true);
  const v = specialDrivesReleased.violations(model, [night(1)]);
  assert.equal(v.length, 1);
  assert.match(v[0].message, /Nachtfahrt ohne Freigabe/);
});

Deno.test("special_drives_released: inert without special needs", () => {
  const model = buildModel(tiny({ format: "fahrplan-instance/2" }));
  assert.equal(specialDrivesReleased.tracker(model).inert, true);
});
