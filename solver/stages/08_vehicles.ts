/**
 * Stage 8: the lessons as appointments (ids and start times), each with a free vehicle of its
 * transmission where the school assigns vehicles, keeping an instructor's car where possible.
 */
import { lessonStart, splitStart } from "../calendar.ts";
import { fixedMinutes } from "../model.ts";
import type { Instance, Transmission } from "../instance.ts";
import type { Appointment } from "../plan_format.ts";
import { pickVehicle, vehiclesByTransmission } from "../rules/vehicles.ts";
import type { Paired } from "./07b_double_lessons.ts";
import { sameCarForDoubles } from "../double/same_car.ts";

export interface WithVehicles extends Paired {
  appointments: Appointment[];
  /** The double lessons (stage 7b) as pairs of appointments, both slots with one car where possible. */
  doubleAppointments: [Appointment, Appointment][];
}

export function assignVehicles(s: Paired): WithVehicles {
  const { run: { instance }, model, lessons } = s;
  const single = lessons.map((l): Appointment => ({
    student: instance.students[l.student].id,
    instructor: instance.instructors[l.instructor].id,
    start: lessonStart(model.dates[l.day], l.hour),
    transmission: l.transmission,
  }));
  const appointments = withVehicles(instance, single);
  const doubleAppointments = s.doubles.map(([a, b]): [Appointment, Appointment] => [
    single[a],
    single[b],
  ]);
  sameCarForDoubles(instance, appointments, doubleAppointments);
  return { ...s, appointments, doubleAppointments };
}

/** Gives every lesson a free vehicle of its transmission, keeping an instructor's car where possible. */
function withVehicles(instance: Instance, appointments: Appointment[]): Appointment[] {
  if (!instance.settings.vehicleAssignment || instance.vehicles.length === 0) return appointments;
  const byT = vehiclesByTransmission(instance);
  const taken = new Map<string, Set<string>>();
  for (const f of instance.fixed) {
    if (!f.vehicle) continue;
    // Every whole hour the appointment touches (a 90-minute special drive two).
    const hours = Math.ceil(fixedMinutes(f, instance.settings.lessonMinutes) / 60);
    const { date, hour } = splitStart(f.start);
    for (let h = hour; h < Math.min(24, hour + hours); h++) {
      const start = lessonStart(date, h);
      if (!taken.has(start)) taken.set(start, new Set());
      taken.get(start)!.add(f.vehicle);
    }
  }
  if (instance.settings.vehiclePerDay) return withDayCars(instance, appointments, byT, taken);
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

/**
 * One car per instructor, day and transmission where the fleet allows (settings.vehiclePerDay):
 * per day and transmission the instructors with the most lessons first (then in instance order)
 * each get the first car free in every hour they teach: the car of their fixed appointment that
 * day, then their default vehicle, then the fleet in order. An instructor for whom no car is free
 * all day (more instructors than cars at once) gets one hour by hour, the car of the hour before
 * first. With the hard rule (rules/one_vehicle_per_day.ts) no more instructors teach a
 * transmission on a day than there are cars of it, so each finds one.
 */
function withDayCars(
  instance: Instance,
  appointments: Appointment[],
  byT: Record<Transmission, string[]>,
  taken: Map<string, Set<string>>,
): Appointment[] {
  const sorted = [...appointments].sort((a, b) => a.start.localeCompare(b.start));
  const defaults = new Map(instance.instructors.map((i) => [i.id, i.defaultVehicle]));
  const order = new Map(instance.instructors.map((i, k) => [i.id, k]));
  const fixedCar = new Map<string, string>();
  for (const f of instance.fixed) {
    if (f.vehicle) {
      fixedCar.set(`${f.instructor} ${f.start.slice(0, 10)} ${f.transmission}`, f.vehicle);
    }
  }
  const groups = new Map<string, Appointment[]>();
  for (const a of sorted) {
    const k = `${a.start.slice(0, 10)} ${a.transmission}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(a);
  }
  const used = (start: string) => {
    if (!taken.has(start)) taken.set(start, new Set());
    return taken.get(start)!;
  };
  for (const [k, list] of groups) {
    const t = list[0].transmission as Transmission;
    const byInstructor = new Map<string, Appointment[]>();
    for (const a of list) {
      if (!byInstructor.has(a.instructor)) byInstructor.set(a.instructor, []);
      byInstructor.get(a.instructor)!.push(a);
    }
    // Instructors with a fixed car that day first (their car is theirs), then the busiest.
    const hasFixed = (id: string) => (fixedCar.has(`${id} ${k}`) ? 0 : 1);
    const instructors = [...byInstructor.keys()].sort((x, y) =>
      hasFixed(x) - hasFixed(y) ||
      byInstructor.get(y)!.length - byInstructor.get(x)!.length || order.get(x)! - order.get(y)!
    );
    const leftOver: Appointment[] = [];
    for (const id of instructors) {
      const own = byInstructor.get(id)!;
      const first = [fixedCar.get(`${id} ${k}`), defaults.get(id)]
        .filter((c): c is string => c !== undefined && byT[t].includes(c));
      const car = [...first, ...byT[t]].find((c) => own.every((a) => !used(a.start).has(c)));
      if (car === undefined) {
        leftOver.push(...own);
        continue;
      }
      for (const a of own) {
        used(a.start).add(car);
        a.vehicle = car;
      }
    }
    const lastCar = new Map<string, string>();
    for (const a of leftOver.sort((x, y) => x.start.localeCompare(y.start))) {
      const prefer = lastCar.get(a.instructor) ?? defaults.get(a.instructor);
      const car = pickVehicle(byT, t, used(a.start), prefer);
      if (car === null) throw new Error(`kein Fahrzeug frei am ${a.start}`);
      used(a.start).add(car);
      lastCar.set(a.instructor, car);
      a.vehicle = car;
    }
  }
  return sorted;
}
