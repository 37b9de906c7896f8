/** Hard rule: with vehicle assignment on, every lesson gets a vehicle of its transmission, no vehicle twice in an hour. */
import type { Instance, Transmission } from "../instance.ts";

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
