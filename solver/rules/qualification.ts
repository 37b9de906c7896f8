/** Hard rule: an instructor teaches only the transmissions listed for them. */
import type { Instructor, Transmission } from "../instance.ts";
import { who } from "./availability.ts";
import type { HardRule } from "./rule.ts";

/** True when the instructor may teach lessons of this transmission. */
export function canTeach(instructor: Instructor, transmission: Transmission): boolean {
  return instructor.transmissions.includes(transmission);
}

const GEAR: Record<Transmission, string> = {
  manual: "Schaltwagen-Qualifikation",
  automatic: "Automatik-Qualifikation",
};

/**
 * In an exact sub-problem the rule is the domain of the teaching variables (one per qualified
 * transmission), so it has no rows; the flow network gives an hour's vehicle node edges only to
 * qualified instructors (flow/network.ts).
 */
export const qualification: HardRule = {
  id: "qualification",
  germanName: "Qualifikation (Schaltgetriebe/Automatik)",
  side: "pair",
  violations(model, lessons) {
    return lessons.filter((l) =>
      !canTeach(model.instance.instructors[l.instructor], l.transmission)
    )
      .map((l) => ({
        rule: "qualification",
        message: `${who(model, model.instance.instructors[l.instructor].id, l)}: keine ${
          GEAR[l.transmission]
        }.`,
      }));
  },
  tracker(model) {
    const qualified = new Uint8Array(model.instance.instructors.length * 2);
    model.instance.instructors.forEach((ins, i) => {
      qualified[i * 2] = canTeach(ins, "manual") ? 1 : 0;
      qualified[i * 2 + 1] = canTeach(ins, "automatic") ? 1 : 0;
    });
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => qualified[l.instructor * 2 + (l.transmission === "manual" ? 0 : 1)] === 1,
    };
  },
  reason: (_settings, t) => `Keine gemeinsame freie Stunde mit einem Fahrlehrer mit ${GEAR[t]}.`,
};
