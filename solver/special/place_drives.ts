/**
 * Stage 0's search: places the special drives (Sonderfahrten) one by one, asking the rulebook
 * (RuleState, every hard rule) whether each slot of the drive fits. Deterministic and greedy: the
 * students in order of their exam (earliest first, then those without one, in instance order),
 * one drive per student a round (so nobody's drives wait for another's), kinds interleaved (night
 * first: its window is the narrowest); each drive at the earliest day and hour where the student,
 * a qualified instructor (the preferred one first, then the others from a place that turns with the
 * student) and one vehicle for all its slots are free.
 */
import type { Lesson } from "../flow/assign.ts";
import type { Instance, SpecialKind, Transmission } from "../instance.ts";
import { SPECIAL_KINDS } from "../instance.ts";
import { fixedMinutes, type Model, slot } from "../model.ts";
import { RuleState, SIDES } from "../rules/rulebook.ts";
import { drivesNeeded, specialTransmission, UNIT_MINUTES } from "../rules/special_kinds.ts";

/** One planned special drive. */
export interface Drive {
  student: number;
  instructor: number;
  vehicle?: string;
  kind: SpecialKind;
  transmission: Transmission;
  day: number;
  hour: number;
  /** Driving minutes: 90 as a double lesson, else 45. */
  minutes: number;
}

/** The slot lessons of a drive as the rules see them (60 + 30 minutes for a double one). */
export function slotsOf(d: Omit<Drive, "vehicle">): Lesson[] {
  const parts: Lesson[] = [];
  for (let left = d.minutes, h = d.hour; left > 0; left -= 60, h++) {
    parts.push({
      student: d.student,
      instructor: d.instructor,
      transmission: d.transmission,
      day: d.day,
      hour: h,
      kind: d.kind,
      minutes: Math.min(60, left),
      ...(h > d.hour ? { cont: true } : {}),
    });
  }
  return parts;
}

/** The drives each student asks for, in the order they are placed (kinds interleaved). */
export function wantedDrives(instance: Instance): { student: number; kind: SpecialKind }[][] {
  const double = instance.settings.specialDrivesDouble;
  return instance.students.map((st, s) => {
    if (!st.special || !st.specialDrivesReleased) return [];
    const left = Object.fromEntries(
      SPECIAL_KINDS.map((k) => [k, drivesNeeded(st.special![k], double)]),
    ) as Record<SpecialKind, number>;
    const order: SpecialKind[] = ["night", "overland", "highway"];
    const out: { student: number; kind: SpecialKind }[] = [];
    while (order.some((k) => left[k] > 0)) {
      for (const k of order) if (left[k]-- > 0) out.push({ student: s, kind: k });
    }
    return out;
  });
}

/** Places every drive it can; returns them and the rule state with them added. */
export function placeDrives(model: Model): { drives: Drive[]; state: RuleState } {
  const { instance } = model;
  const state = new RuleState(model);
  const minutes = instance.settings.specialDrivesDouble ? 2 * UNIT_MINUTES : UNIT_MINUTES;
  const slots = Math.ceil(minutes / 60);
  const vehicleRule = instance.settings.vehicleAssignment && instance.vehicles.length > 0;
  const vehicleBusy = new Set<string>();
  // One car per instructor day (settings.vehiclePerDay): who drives a car on a day, and whose car.
  const perDay = vehicleRule && instance.settings.vehiclePerDay !== undefined;
  const carOwner = new Map<string, number>();
  const ownCar = new Map<string, string>();
  for (const f of instance.fixed) {
    if (!f.vehicle) continue;
    const d = model.dates.indexOf(f.start.slice(0, 10));
    if (d < 0) continue;
    const from = Number(f.start.slice(11, 13));
    const taken = Math.ceil(fixedMinutes(f, model.lessonMinutes) / 60);
    for (let h = from; h < Math.min(24, from + taken); h++) {
      vehicleBusy.add(`${f.vehicle}|${slot(d, h)}`);
    }
  }
  const order = instance.students.map((_, s) => s).sort((a, b) => {
    const ea = instance.students[a].examAt ?? "9999", eb = instance.students[b].examAt ?? "9999";
    return ea < eb ? -1 : ea > eb ? 1 : a - b;
  });
  const wanted = wantedDrives(instance);
  const n = instance.instructors.length;
  const drives: Drive[] = [];
  // Adding a drive never makes another fit, so a place that failed for a student's kind fails
  // again later: each (student, kind) search goes on from where its last one stopped, and a kind
  // that found no place finds none later either.
  const hopeless = new Set<string>();
  const cursor = new Map<string, number>();
  for (let round = 0; order.some((s) => wanted[s].length > round); round++) {
    for (const s of order) {
      const want = wanted[s][round];
      if (!want || hopeless.has(`${s}|${want.kind}`)) continue;
      const st = instance.students[s];
      const t = specialTransmission(st);
      const preferred = st.preferredInstructor === undefined
        ? -1
        : model.instructorIndex.get(st.preferredInstructor) ?? -1;
      const instructors = [
        ...(preferred >= 0 ? [preferred] : []),
        ...Array.from({ length: n }, (_, k) => (k + s) % n).filter((i) => i !== preferred),
      ].filter((i) => instance.instructors[i].transmissions.includes(t));
      const placed = place(s, want.kind, t, instructors);
      if (placed) drives.push(placed);
      else hopeless.add(`${s}|${want.kind}`);
    }
  }
  return { drives, state };

  function place(s: number, kind: SpecialKind, t: Transmission, instructors: number[]) {
    const from = cursor.get(`${s}|${kind}`) ?? 0;
    const studentFree = model.studentFree[s];
    // The grids first (free hours of the model), then the rulebook.
    const freeFor = (grid: Uint8Array, day: number, hour: number) => {
      for (let k = 0; k < slots; k++) if (!grid[slot(day, hour + k)]) return false;
      return true;
    };
    for (let day = Math.floor(from / 24); day < model.days; day++) {
      for (let hour = day === Math.floor(from / 24) ? from % 24 : 0; hour + slots <= 24; hour++) {
        if (!freeFor(studentFree, day, hour)) continue;
        const parts = slotsOf({
          student: s,
          instructor: -1,
          kind,
          transmission: t,
          day,
          hour,
          minutes,
        });
        if (!parts.every((p) => state.fits(p, SIDES.student | SIDES.hour))) continue;
        // One car for all the drive's slots, whoever teaches it.
        const anyCar = vehicleRule ? freeVehicle(t, day, hour) : undefined;
        if (vehicleRule && anyCar === undefined) continue;
        for (const i of instructors) {
          if (!freeFor(model.instructorFree[i], day, hour)) continue;
          // With one car per instructor day: the instructor's car of the day, else one no other
          // instructor drives that day (hard: no other; soft: any free one as before).
          const vehicle = perDay && anyCar ? dayCar(i, t, day, hour) : anyCar;
          if (vehicleRule && vehicle === undefined) continue;
          for (const p of parts) p.instructor = i;
          let added = 0;
          while (added < parts.length && state.fits(parts[added])) state.add(parts[added++]);
          if (added === parts.length) {
            cursor.set(`${s}|${kind}`, slot(day, hour));
            if (vehicle) {
              for (let k = 0; k < slots; k++) {
                vehicleBusy.add(`${vehicle}|${slot(day, hour + k)}`);
              }
              if (perDay && !carOwner.has(`${vehicle}|${day}`)) {
                carOwner.set(`${vehicle}|${day}`, i);
                ownCar.set(`${i}|${day}|${t}`, vehicle);
              }
            }
            return {
              student: s,
              instructor: i,
              vehicle,
              kind,
              transmission: t,
              day,
              hour,
              minutes,
            };
          }
          while (added > 0) state.remove(parts[--added]);
        }
      }
    }
    return null;
  }

  /** The instructor's car of the day if free, else a free one nobody else drives that day. */
  function dayCar(i: number, t: Transmission, day: number, hour: number): string | undefined {
    const free = (id: string) =>
      Array.from({ length: slots }, (_, k) => slot(day, hour + k)).every((k) =>
        !vehicleBusy.has(`${id}|${k}`)
      );
    const own = ownCar.get(`${i}|${day}|${t}`);
    if (own !== undefined) {
      if (free(own)) return own;
      if (instance.settings.vehiclePerDay === "hard") return undefined;
    }
    const unowned = instance.vehicles.find((v) =>
      v.transmission === t && !carOwner.has(`${v.id}|${day}`) && free(v.id)
    )?.id;
    if (unowned !== undefined || instance.settings.vehiclePerDay === "hard") return unowned;
    return freeVehicle(t, day, hour);
  }

  function freeVehicle(t: Transmission, day: number, hour: number): string | undefined {
    return instance.vehicles.find((v) =>
      v.transmission === t &&
      Array.from({ length: slots }, (_, k) => slot(day, hour + k)).every((k) =>
        !vehicleBusy.has(`${v.id}|${k}`)
      )
    )?.id;
  }
}
