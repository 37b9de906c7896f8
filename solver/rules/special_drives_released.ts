/**
 * Hard rule: special drives (Überland-, Autobahn-, Nachtfahrt) only for a student the office has
 * released for them (`specialDrivesReleased`, "Sonderfahrten freigegeben").
 */
import { type HardRule, type Violation } from "./rule.ts";
import { KIND_NAMES } from "./special_kinds.ts";

export const specialDrivesReleased: HardRule = {
  id: "special_drives_released",
  germanName: "Sonderfahrten nur nach Freigabe",
  side: "student",
  violations(model, lessons) {
    const out: Violation[] = [];
    for (const l of lessons) {
      const st = model.instance.students[l.student];
      if (l.kind && !l.cont && !st.specialDrivesReleased) {
        out.push({
          rule: "special_drives_released",
          message: `${st.id} am ${model.dates[l.day]}: ${KIND_NAMES[l.kind]} ohne Freigabe.`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    const students = model.instance.students;
    if (!students.some((s) => s.special)) {
      return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    }
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => !l.kind || students[l.student].specialDrivesReleased,
    };
  },
  reason: () => "Sonderfahrten sind für diesen Fahrschüler noch nicht freigegeben.",
};
