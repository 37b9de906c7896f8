import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { sunTimes } from "../../common/sun.ts";
import { tiny } from "../testing/tiny.ts";
import { daylight } from "./daylight.ts";
import type { Lesson } from "./rule.ts";

const slot = (hour: number, minutes: number, kind: Lesson["kind"] = "highway"): Lesson => ({
  student: 0,
  instructor: 0,
  transmission: "manual",
  day: 0,
  hour,
  kind,
  minutes,
});

Deno.test("daylight: an overland or highway drive ends by sunset, its second slot counted", () => {
  const instance = tiny({
    format: "fahrplan-instance/2",
    start: "2026-12-07",
    students: [{ special: { overland: 2, highway: 2, night: 0 }, specialDrivesReleased: true }],
  });
  const model = buildModel(instance);
  const sunset = sunTimes("2026-12-07", instance.settings.location).sunset;
  const tracker = daylight.tracker(model);
  const h = Math.floor(sunset / 60); // the hour the sun sets in (16 in early December)
  // 14:00-15:00 and its second slot 15:00-15:30 end before sunset (about 16:20).
  assert.equal(tracker.fits(slot(h - 2, 60)), true);
  assert.equal(tracker.fits({ ...slot(h - 1, 30), cont: true }), true);
  // 16:00-17:00 ends after sunset; a night drive is not bound to daylight.
  assert.equal(tracker.fits(slot(h, 60)), false);
  assert.equal(tracker.fits(slot(h, 60, "night")), true);
  assert.match(daylight.violations(model, [slot(h, 60, "overland")])[0].message, /Sonnenuntergang/);
});

Deno.test("daylight: inert without overland and highway needs", () => {
  const model = buildModel(tiny({ format: "fahrplan-instance/2" }));
  assert.equal(daylight.tracker(model).inert, true);
});
