/**
 * Hard rule: an Überland- or Autobahnfahrt ends no later than sunset at the school's location on
 * its date (`settings.location`, Europe/Berlin; solver/sun.ts): it is driven in daylight.
 */
import type { Model } from "../model.ts";
import { clockOf, sunTimes } from "../../common/sun.ts";
import { type HardRule, type Lesson, lessonMinutes, type Violation } from "./rule.ts";

/** Sunset per day of the horizon, minutes after midnight. */
export function sunsetByDay(model: Model): Int32Array {
  const where = model.instance.settings.location;
  return Int32Array.from(model.dates, (date) => sunTimes(date, where).sunset);
}

const inDaylight = (l: Lesson, sunset: Int32Array, ordinary: number) =>
  (l.kind !== "overland" && l.kind !== "highway") ||
  lessonMinutes(l, ordinary).end <= sunset[l.day];

export const daylight: HardRule = {
  id: "daylight",
  germanName: "Überland- und Autobahnfahrt bei Tageslicht",
  side: "student",
  violations(model, lessons) {
    const sunset = sunsetByDay(model), out: Violation[] = [];
    for (const l of lessons) {
      if (!inDaylight(l, sunset, model.lessonMinutes)) {
        out.push({
          rule: "daylight",
          message:
            `${model.instance.students[l.student].id} am ${model.dates[l.day]} um ${l.hour}` +
            ` Uhr: endet nach Sonnenuntergang (${clockOf(sunset[l.day])}).`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    const some = model.instance.students.some((s) =>
      (s.special?.overland ?? 0) + (s.special?.highway ?? 0) > 0
    );
    if (!some) return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    const sunset = sunsetByDay(model);
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => inDaylight(l, sunset, model.lessonMinutes),
    };
  },
  reason: () => "Überland- und Autobahnfahrten nur bei Tageslicht.",
};
