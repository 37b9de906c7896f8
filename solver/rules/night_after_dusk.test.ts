import assert from "node:assert/strict";
import { buildModel } from "../model.ts";
import { sunTimes } from "../../common/sun.ts";
import { tiny } from "../testing/tiny.ts";
import { nightAfterDusk } from "./night_after_dusk.ts";
import type { Lesson } from "./rule.ts";

const drive = (hour: number, kind: Lesson["kind"] = "night"): Lesson => ({
  student: 0,
  instructor: 0,
  transmission: "manual",
  day: 0,
  hour,
  kind,
  minutes: 60,
});

Deno.test("night_after_dusk: a night drive starts at or after civil dusk in Dortmund on its date", () => {
  const instance = tiny({
    format: "fahrplan-instance/2",
    start: "2026-12-07",
    students: [{ special: { overland: 0, highway: 0, night: 2 }, specialDrivesReleased: true }],
  });
  const model = buildModel(instance);
  const dusk = sunTimes("2026-12-07", instance.settings.location).dusk;
  // Early December in Dortmund: dark a little after 17:00.
  assert.ok(dusk > 16 * 60 + 45 && dusk < 17 * 60 + 30, `dusk ${dusk}`);
  const tracker = nightAfterDusk.tracker(model);
  const first = Math.ceil(dusk / 60);
  assert.equal(tracker.fits(drive(first)), true);
  assert.equal(tracker.fits(drive(first - 1)), false);
  // Only night drives are bound to darkness.
  assert.equal(tracker.fits(drive(first - 1, "overland")), true);
  assert.match(nightAfterDusk.violations(model, [drive(first - 1)])[0].message, /vor Einbruch/);
});

Deno.test("night_after_dusk: in June the same hour is still light; the location moves dusk", () => {
  const june = (location?: { lat: number; lon: number }) =>
    buildModel(tiny({
      format: "fahrplan-instance/2",
      start: "2027-06-21",
      ...(location ? { settings: { location } } : {}),
      students: [{ special: { overland: 0, highway: 0, night: 1 }, specialDrivesReleased: true }],
    }));
  assert.equal(nightAfterDusk.tracker(june()).fits(drive(21)), false);
  // Munich (48.14, 11.58) gets dark earlier than Dortmund on the same evening.
  const dortmund = sunTimes("2027-06-21", { lat: 51.51, lon: 7.47 }).dusk;
  const munich = sunTimes("2027-06-21", { lat: 48.14, lon: 11.58 }).dusk;
  assert.ok(munich < dortmund, `${munich} < ${dortmund}`);
});
