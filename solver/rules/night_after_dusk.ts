/**
 * Hard rule: a night drive (Nachtfahrt) starts no earlier than the end of civil twilight (civil
 * dusk) at the school's location on its date (`settings.location`, Europe/Berlin; solver/sun.ts).
 */
import type { Model } from "../model.ts";
import { sunTimes } from "../../common/sun.ts";
import { clockOf } from "../../common/sun.ts";
import { type HardRule, type Violation } from "./rule.ts";

/** Civil dusk per day of the horizon, minutes after midnight. */
export function duskByDay(model: Model): Int32Array {
  const where = model.instance.settings.location;
  return Int32Array.from(model.dates, (date) => sunTimes(date, where).dusk);
}

export const nightAfterDusk: HardRule = {
  id: "night_after_dusk",
  germanName: "Nachtfahrt erst nach Einbruch der Dunkelheit",
  side: "student",
  violations(model, lessons) {
    const dusk = duskByDay(model), out: Violation[] = [];
    for (const l of lessons) {
      if (l.kind === "night" && l.hour * 60 < dusk[l.day]) {
        out.push({
          rule: "night_after_dusk",
          message:
            `${model.instance.students[l.student].id} am ${model.dates[l.day]} um ${l.hour}` +
            ` Uhr: Nachtfahrt vor Einbruch der Dunkelheit (${clockOf(dusk[l.day])}).`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    if (!model.instance.students.some((s) => (s.special?.night ?? 0) > 0)) {
      return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    }
    const dusk = duskByDay(model);
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => l.kind !== "night" || l.hour * 60 >= dusk[l.day],
    };
  },
  reason: () => "Nachtfahrt: vor Einbruch der Dunkelheit nicht möglich.",
};
