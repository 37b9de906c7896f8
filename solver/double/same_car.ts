/**
 * A double lesson is one appointment, so both of its slots need the same car. Stage 8 names cars
 * hour by hour (or per instructor day); where a pair got two, the second slot takes the first's car
 * if it is free then, or trades it with the new lesson that holds it (not one of another pair),
 * else the first slot likewise takes the second's. A pair left with two cars stays two lessons
 * (double/merge.ts writes only pairs with one car). With the hard one-car-a-day rule no trades are
 * made: every instructor day there already has one car.
 */
import { lessonStart, splitStart } from "../calendar.ts";
import type { Instance } from "../instance.ts";
import { fixedMinutes } from "../model.ts";
import type { Appointment } from "../plan_format.ts";

export function sameCarForDoubles(
  instance: Instance,
  appointments: readonly Appointment[],
  pairs: readonly [Appointment, Appointment][],
): void {
  // start -> car -> the new appointment driving it then, or null for a fixed one.
  const holder = new Map<string, Map<string, Appointment | null>>();
  const at = (start: string) => {
    if (!holder.has(start)) holder.set(start, new Map());
    return holder.get(start)!;
  };
  for (const f of instance.fixed) {
    if (!f.vehicle) continue;
    const { date, hour } = splitStart(f.start);
    const hours = Math.ceil(fixedMinutes(f, instance.settings.lessonMinutes) / 60);
    for (let h = hour; h < Math.min(24, hour + hours); h++) {
      at(lessonStart(date, h)).set(f.vehicle, null);
    }
  }
  for (const a of appointments) if (a.vehicle) at(a.start).set(a.vehicle, a);
  const inPair = new Set(pairs.flat());
  const trades = instance.settings.vehiclePerDay !== "hard";

  /** Gives `a` the car `car` at its hour: free, or traded with an unpaired new appointment. */
  const take = (a: Appointment, car: string): boolean => {
    const cars = at(a.start), own = a.vehicle!;
    const other = cars.get(car);
    if (other === null || (other && (!trades || inPair.has(other)))) return false;
    if (other) {
      other.vehicle = own;
      cars.set(own, other);
    } else cars.delete(own);
    a.vehicle = car;
    cars.set(car, a);
    return true;
  };
  for (const [first, second] of pairs) {
    if (!first.vehicle || !second.vehicle || first.vehicle === second.vehicle) continue;
    if (!take(second, first.vehicle)) take(first, second.vehicle);
  }
}
