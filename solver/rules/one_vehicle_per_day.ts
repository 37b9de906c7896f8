/**
 * Hard rule, where the school sets it (`settings.vehiclePerDay` "hard", vehicle assignment on): an
 * instructor keeps one vehicle per day and transmission. Held as: per day and transmission at most
 * as many instructors teach it (new lessons or fixed appointments) as there are vehicles of it, so
 * stage 8 can give each of them a car of their own for the day (stages/08_vehicles.ts, the default
 * vehicle first). That is stricter than needed where two instructors could share a car at
 * different hours, and exact to state as rows. The soft variant ("soft") is no rule: stage 8 gives
 * each instructor day one car wherever the fleet allows.
 */
import { daysBetween, splitStart } from "../calendar.ts";
import type { Transmission } from "../instance.ts";
import type { Model } from "../model.ts";
import type { HardRule, Lesson, RuleTracker, Violation } from "./rule.ts";
import { vehicleRuleOn } from "./vehicles.ts";

const T = (t: Transmission) => (t === "manual" ? 0 : 1);

/** True when the hard variant applies to this instance. */
export function oneVehiclePerDayOn(model: Model): boolean {
  return model.instance.settings.vehiclePerDay === "hard" && vehicleRuleOn(model.instance);
}

/** Vehicles per transmission (index 0 manual, 1 automatic). */
function fleet(model: Model): [number, number] {
  const n: [number, number] = [0, 0];
  for (const v of model.instance.vehicles) n[T(v.transmission)]++;
  return n;
}

/** Per (instructor, day, transmission): 1 where a fixed appointment of it is in the horizon. */
function fixedTeaching(model: Model): Uint8Array {
  const nI = model.instance.instructors.length, out = new Uint8Array(nI * model.days * 2);
  for (const f of model.instance.fixed) {
    const d = daysBetween(model.instance.start, splitStart(f.start).date);
    if (d < 0 || d >= model.days) continue;
    out[(model.instructorIndex.get(f.instructor)! * model.days + d) * 2 + T(f.transmission)] = 1;
  }
  return out;
}

const GEAR = ["Schaltwagen", "Automatikwagen"];

export const oneVehiclePerDay: HardRule = {
  id: "one_vehicle_per_day",
  germanName: "Ein Fahrzeug je Fahrlehrer und Tag",
  side: "pair",
  violations(model, lessons) {
    if (!oneVehiclePerDayOn(model)) return [];
    const teach = fixedTeaching(model), cars = fleet(model);
    const isNew = new Uint8Array(model.days * 2);
    for (const l of lessons) {
      teach[(l.instructor * model.days + l.day) * 2 + T(l.transmission)] = 1;
      isNew[l.day * 2 + T(l.transmission)] = 1;
    }
    const out: Violation[] = [];
    for (let d = 0; d < model.days; d++) {
      for (let t = 0; t < 2; t++) {
        if (!isNew[d * 2 + t]) continue;
        let n = 0;
        for (let i = 0; i < model.instance.instructors.length; i++) {
          n += teach[(i * model.days + d) * 2 + t];
        }
        if (n > cars[t]) {
          out.push({
            rule: "one_vehicle_per_day",
            message: `${model.dates[d]}: ${n} Fahrlehrer fahren ${GEAR[t]}, aber nur ${cars[t]} ` +
              `Fahrzeuge: nicht jeder behält ein Fahrzeug für den Tag.`,
          });
        }
      }
    }
    return out;
  },
  tracker(model): RuleTracker {
    if (!oneVehiclePerDayOn(model)) {
      return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    }
    const cars = fleet(model), fixed = fixedTeaching(model), D = model.days;
    const count = Int32Array.from(fixed);
    const distinct = new Int32Array(D * 2);
    for (let k = 0; k < fixed.length; k++) {
      if (fixed[k]) distinct[k % (D * 2)]++;
    }
    const at = (l: Lesson) => (l.instructor * D + l.day) * 2 + T(l.transmission);
    return {
      add(l) {
        if (count[at(l)]++ === 0) distinct[l.day * 2 + T(l.transmission)]++;
      },
      remove(l) {
        if (--count[at(l)] === 0) distinct[l.day * 2 + T(l.transmission)]--;
      },
      fits(l) {
        if (l.instructor < 0) return true;
        return count[at(l)] > 0 ||
          distinct[l.day * 2 + T(l.transmission)] < cars[T(l.transmission)];
      },
      holds() {
        for (let k = 0; k < distinct.length; k++) if (distinct[k] > cars[k % 2]) return false;
        return true;
      },
    };
  },
  exactRows(p) {
    const m = p.model;
    if (!oneVehiclePerDayOn(m)) return;
    const cars = fleet(m), teach = fixedTeaching(m);
    for (const l of p.kept) teach[(l.instructor * m.days + l.day) * 2 + T(l.transmission)] = 1;
    const ts: Transmission[] = ["manual", "automatic"];
    for (const d of p.days) {
      for (const t of ts) {
        let present = 0;
        for (let i = 0; i < m.instance.instructors.length; i++) {
          present += teach[(i * m.days + d) * 2 + T(t)];
        }
        // An instructor not yet teaching t that day starts to (u = 1) with any lesson of t.
        const starts = new Map<number, string>();
        for (const v of p.z) {
          if (v.day !== d || v.t !== t || teach[(v.instructor * m.days + d) * 2 + T(t)]) continue;
          const u = `u${v.instructor}_${d}_${t[0]}`;
          if (!starts.has(v.instructor)) {
            starts.set(v.instructor, u);
            p.auxiliary(u);
          }
          p.row(`one_vehicle_per_day_${v.key}`, [[v.key, 1], [u, -1]], { max: 0 });
        }
        if (starts.size === 0) continue;
        p.row(
          `one_vehicle_per_day_${d}_${t}`,
          [...starts.values()].map((u) => [u, 1] as [string, number]),
          { max: Math.max(0, cars[T(t)] - present) },
        );
      }
    }
  },
  reason: (_settings, t) =>
    `Ein Fahrzeug je Fahrlehrer und Tag: alle ${
      t === "manual" ? "Schaltwagen" : "Automatikwagen"
    } ` +
    `sind an den möglichen Tagen schon anderen Fahrlehrern zugeteilt.`,
};
