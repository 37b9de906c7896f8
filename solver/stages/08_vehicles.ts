/**
 * Stage 8: the lessons as appointments (ids and start times), each with a free vehicle of its
 * transmission where the school assigns vehicles, keeping an instructor's car where possible.
 */
import { lessonStart } from "../calendar.ts";
import type { Instance, Transmission } from "../instance.ts";
import type { Appointment } from "../plan_format.ts";
import { pickVehicle, vehiclesByTransmission } from "../rules/vehicles.ts";
import type { Searched } from "./07_soft_search.ts";

export interface WithVehicles extends Searched {
  appointments: Appointment[];
}

export function assignVehicles(s: Searched): WithVehicles {
  const { run: { instance }, model, lessons } = s;
  const appointments = withVehicles(
    instance,
    lessons.map((l) => ({
      student: instance.students[l.student].id,
      instructor: instance.instructors[l.instructor].id,
      start: lessonStart(model.dates[l.day], l.hour),
      transmission: l.transmission,
    })),
  );
  return { ...s, appointments };
}

/** Gives every lesson a free vehicle of its transmission, keeping an instructor's car where possible. */
function withVehicles(instance: Instance, appointments: Appointment[]): Appointment[] {
  if (!instance.settings.vehicleAssignment || instance.vehicles.length === 0) return appointments;
  const byT = vehiclesByTransmission(instance);
  const taken = new Map<string, Set<string>>();
  for (const f of instance.fixed) {
    if (!f.vehicle) continue;
    if (!taken.has(f.start)) taken.set(f.start, new Set());
    taken.get(f.start)!.add(f.vehicle);
  }
  const lastCar = new Map<string, string>();
  const sorted = [...appointments].sort((a, b) => a.start.localeCompare(b.start));
  for (const a of sorted) {
    if (!taken.has(a.start)) taken.set(a.start, new Set());
    const used = taken.get(a.start)!;
    const car = pickVehicle(byT, a.transmission as Transmission, used, lastCar.get(a.instructor));
    if (car === null) throw new Error(`kein Fahrzeug frei am ${a.start}`);
    used.add(car);
    lastCar.set(a.instructor, car);
    a.vehicle = car;
  }
  return sorted;
}
