/** Hard rule: with vehicle assignment on, every lesson gets a vehicle of its transmission, no vehicle twice in an hour. */
import type { Instance, Transmission } from "../instance.ts";
import { countBy, groupBy, type HardRule, ones, type Violation } from "./rule.ts";

/** True when the vehicle rule applies to this instance. */
export function vehicleRuleOn(instance: Instance): boolean {
  return instance.settings.vehicleAssignment && instance.vehicles.length > 0;
}

/** Vehicle ids by transmission, in instance order. */
export function vehiclesByTransmission(instance: Instance): Record<Transmission, string[]> {
  const ids: Record<Transmission, string[]> = { manual: [], automatic: [] };
  for (const v of instance.vehicles) ids[v.transmission].push(v.id);
  return ids;
}

/** Gives each lesson of one hour a vehicle of its transmission not in `taken`; null when none is left. */
export function pickVehicle(
  byTransmission: Record<Transmission, string[]>,
  transmission: Transmission,
  taken: Set<string>,
  preferred?: string,
): string | null {
  if (preferred && !taken.has(preferred) && byTransmission[transmission].includes(preferred)) {
    return preferred;
  }
  return byTransmission[transmission].find((id) => !taken.has(id)) ?? null;
}

/**
 * The rule as the planner holds it until stage 8 names the cars: per hour and transmission at most
 * as many lessons as vehicles of it are left after fixed appointments (`model.vehicleCap`); with
 * that, stage 8 gives every lesson a car. The flow network's (hour, transmission) vehicle node
 * carries the cap (flow/network.ts).
 */
export const vehicles: HardRule = {
  id: "vehicles",
  germanName: "Fahrzeuge",
  side: "hour",
  violations(model, lessons) {
    const cap = model.vehicleCap;
    if (!cap) return [];
    const count = countBy(lessons, (l) => `${l.day}_${l.hour}_${l.transmission}`);
    const out: Violation[] = [];
    for (const [k, n] of count) {
      const [d, h, t] = k.split("_");
      const left = cap[t as Transmission][+d * 24 + +h];
      if (n > left) {
        out.push({
          rule: "vehicles",
          message: `${model.dates[+d]} um ${h} Uhr: ${n} Fahrstunden ${GEAR[t as Transmission]}, ` +
            `${left} Fahrzeuge frei.`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    const cap = model.vehicleCap;
    if (!cap) return { fixed: true, add() {}, remove() {}, fits: () => true };
    const used = {
      manual: new Int32Array(model.days * 24),
      automatic: new Int32Array(model.days * 24),
    };
    return {
      add: (l) => void used[l.transmission][l.day * 24 + l.hour]++,
      remove: (l) => void used[l.transmission][l.day * 24 + l.hour]--,
      fits: (l) =>
        used[l.transmission][l.day * 24 + l.hour] < cap[l.transmission][l.day * 24 + l.hour],
    };
  },
  exactRows(p) {
    const cap = p.model.vehicleCap;
    if (!cap) return;
    const kept = countBy(p.kept, (l) => `${l.day}_${l.hour}_${l.transmission}`);
    for (const [k, zs] of groupBy(p.z, (v) => `${v.day}_${v.hour}_${v.t}`)) {
      const { day, hour, t } = zs[0];
      p.row(`v${k}`, ones(zs), { max: Math.max(0, cap[t][day * 24 + hour] - (kept.get(k) ?? 0)) });
    }
  },
  reason: (_settings, t) => `Kein freies Fahrzeug mit ${GEAR[t]} zu den möglichen Zeiten.`,
};

const GEAR: Record<Transmission, string> = { manual: "Schaltgetriebe", automatic: "Automatik" };
