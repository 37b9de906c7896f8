/** Hard rule: no student gets more new lessons of a transmission than `needs` asks. */
import { SPECIAL_KINDS, type Student, type Transmission } from "../instance.ts";
import { countBy, groupBy, type HardRule, ones, type Violation } from "./rule.ts";
import { drivesNeeded, KIND_NAMES } from "./special_kinds.ts";

export const TRANSMISSIONS: Transmission[] = ["manual", "automatic"];

/** The transmissions a student still needs lessons in. */
export function neededTransmissions(student: Student): Transmission[] {
  return TRANSMISSIONS.filter((t) => student.needs[t] > 0);
}

const T_INDEX: Record<Transmission, number> = { manual: 0, automatic: 1 };

/**
 * Special drives (lessons with a `kind`) count apart, per kind: at most the drives their open
 * units need (a double lesson's second slot is part of its drive).
 * Fixed appointments do not count: needs are what is left on top of them. The flow network caps
 * each student's transmission chain at its need (flow/network.ts; the merged side only in total,
 * and routing/repair.ts takes back the excess).
 */
export const needs: HardRule = {
  id: "needs",
  germanName: "Bedarf je Getriebeart",
  side: "student",
  violations(model, lessons) {
    const got = countBy(lessons.filter((l) => !l.kind), (l) => `${l.student}_${l.transmission}`);
    const out: Violation[] = [];
    const double = model.instance.settings.specialDrivesDouble;
    const drives = countBy(
      lessons.filter((l) => l.kind && !l.cont),
      (l) => `${l.student}_${l.kind}`,
    );
    for (const [k, n] of drives) {
      const [s, kind] = k.split("_") as [string, (typeof SPECIAL_KINDS)[number]];
      const st = model.instance.students[+s];
      const need = drivesNeeded(st.special?.[kind] ?? 0, double);
      if (n > need) {
        out.push({
          rule: "needs",
          message: `${st.id}: ${n} × ${KIND_NAMES[kind]}, Bedarf ${need}.`,
        });
      }
    }
    for (const [k, n] of got) {
      const [s, t] = k.split("_");
      const st = model.instance.students[+s], need = st.needs[t as Transmission];
      if (n > need) {
        out.push({
          rule: "needs",
          message: `${st.id}: ${n} Fahrstunden ${t === "manual" ? "Schaltwagen" : "Automatik"}, ` +
            `Bedarf ${need}.`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    const students = model.instance.students;
    const count = new Int32Array(students.length * 2);
    const at = (s: number, t: Transmission) => s * 2 + T_INDEX[t];
    if (students.some((s) => s.special)) {
      // Special drives (stage 0 only): counted per student and kind, in drives.
      const double = model.instance.settings.specialDrivesDouble;
      const drives = new Int32Array(students.length * 3);
      const kindAt = (s: number, k: (typeof SPECIAL_KINDS)[number]) =>
        s * 3 + SPECIAL_KINDS.indexOf(k);
      return {
        add: (l) =>
          void (l.kind
            ? !l.cont && drives[kindAt(l.student, l.kind)]++
            : count[at(l.student, l.transmission)]++),
        remove: (l) =>
          void (l.kind
            ? !l.cont && drives[kindAt(l.student, l.kind)]--
            : count[at(l.student, l.transmission)]--),
        fits: (l) =>
          l.kind
            ? l.cont === true || drives[kindAt(l.student, l.kind)] <
                drivesNeeded(students[l.student].special?.[l.kind] ?? 0, double)
            : count[at(l.student, l.transmission)] < students[l.student].needs[l.transmission],
      };
    }
    return {
      add: (l) => void count[at(l.student, l.transmission)]++,
      remove: (l) => void count[at(l.student, l.transmission)]--,
      fits: (l) => count[at(l.student, l.transmission)] < students[l.student].needs[l.transmission],
    };
  },
  exactRows(p) {
    const kept = countBy(p.kept, (l) => `${l.student}_${l.transmission}`);
    for (const [k, ys] of groupBy(p.y, (v) => `${v.student}_${v.t}`)) {
      const need = p.model.instance.students[ys[0].student].needs[ys[0].t];
      p.row(`sn${k}`, ones(ys), { max: Math.max(0, need - (kept.get(k) ?? 0)) });
    }
  },
};
