/**
 * The first step of "Betroffene neu planen" (issue 25, point 3): change as little as possible.
 * Before the planner sees the affected lessons, each one-hour lesson is tried, in this order:
 *
 * 1. with the same instructor at another hour of the same week (the closest day first, then the
 *    closest hour);
 * 2. with another instructor at the original hour;
 *
 * and only what finds neither goes to the planner (a later week, any instructor). Every try is
 * asked of the rulebook (`RuleState`: availability, absences and closed days, qualification,
 * double booking, the day and week limits, the 495 minutes, vehicles), so nothing is checked
 * twice; the lessons placed here are then fixed for the planner's run over the rest.
 */
import { instanceSchema, type Transmission } from "../instance.ts";
import { buildModel, type Model } from "../model.ts";
import { RuleState } from "../rules/rulebook.ts";
import type { Lesson } from "../rules/rule.ts";
import type { BuiltInstance } from "./build_instance.ts";
import type { AffectedLesson, ReplanInput } from "./replan.ts";

/** An affected lesson placed nearby: its new instructor, vehicle and start ('YYYY-MM-DDTHH:MM'). */
export interface NearbyMove {
  lesson: AffectedLesson;
  instructor: string;
  vehicle: string | undefined;
  start: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The tries of one lesson in the order of the fewest changes; [] outside the horizon. */
function tries(m: Model, l: AffectedLesson, student: number, instructor: number): Lesson[] {
  const d0 = m.dates.indexOf(l.start.slice(0, 10));
  if (d0 < 0) return [];
  const h0 = Number(l.start.slice(11, 13));
  const at = (i: number, day: number, hour: number): Lesson => ({
    student,
    instructor: i,
    transmission: l.transmission,
    day,
    hour,
  });
  const sameWeek: Lesson[] = [];
  for (let d = 0; d < m.days; d++) {
    if (m.weekOfDay[d] !== m.weekOfDay[d0]) continue;
    for (let h = 0; h < 24; h++) if (d !== d0 || h !== h0) sameWeek.push(at(instructor, d, h));
  }
  sameWeek.sort((a, b) =>
    Math.abs(a.day - d0) - Math.abs(b.day - d0) || a.day - b.day ||
    Math.abs(a.hour - h0) - Math.abs(b.hour - h0) || a.hour - b.hour
  );
  const others = m.instance.instructors.map((_, i) => i).filter((i) => i !== instructor)
    .map((i) => at(i, d0, h0));
  return [at(instructor, d0, h0), ...sameWeek, ...others];
}

/** A car of the lesson's transmission free in that hour: its own first, else the first by id. */
function freeVehicle(
  m: Model,
  taken: Map<string, Set<string>>,
  l: AffectedLesson,
  start: string,
): string | undefined {
  const cars = m.instance.vehicles.filter((v) => v.transmission === l.transmission)
    .map((v) => v.id);
  const own = l.vehicleId === null ? [] : [`V${l.vehicleId}`];
  const busy = taken.get(start) ?? new Set();
  return [...own, ...cars].find((v) => cars.includes(v) && !busy.has(v));
}

/**
 * Places what it can nearby and takes it out of the planner's work: the placed lessons become
 * fixed appointments of the instance and leave the students' needs. Answers the placed ones;
 * `built` is changed in place, ready for the planner.
 */
export function placeNearby(built: BuiltInstance, input: ReplanInput): NearbyMove[] {
  const inst = instanceSchema.parse(structuredClone(built.instance));
  const m = buildModel(inst);
  const state = new RuleState(m);
  const taken = new Map<string, Set<string>>();
  for (const f of inst.fixed) {
    if (!f.vehicle) continue;
    const hour = f.start.slice(0, 13) + ":00";
    if (!taken.has(hour)) taken.set(hour, new Set());
    taken.get(hour)!.add(f.vehicle);
  }
  const vehicleRule = inst.settings.vehicleAssignment && inst.vehicles.length > 0;
  const placed: NearbyMove[] = [];
  for (const l of input.lessons) {
    const student = m.studentIndex.get(`S${l.studentId}`);
    const instructor = m.instructorIndex.get(`I${l.instructorId}`);
    const oneHour = Date.parse(`${l.end}:00Z`) - Date.parse(`${l.start}:00Z`) <= 3_600_000;
    if (student === undefined || instructor === undefined || !oneHour) continue;
    for (const t of tries(m, l, student, instructor)) {
      if (!state.fits(t)) continue;
      const start = `${m.dates[t.day]}T${pad(t.hour)}:00`;
      const vehicle = freeVehicle(m, taken, l, start);
      if (vehicleRule && !vehicle) continue;
      state.add(t);
      if (vehicle) {
        if (!taken.has(start)) taken.set(start, new Set());
        taken.get(start)!.add(vehicle);
      }
      placed.push({ lesson: l, instructor: inst.instructors[t.instructor].id, vehicle, start });
      break;
    }
  }
  for (const p of placed) {
    built.instance.fixed.push({
      student: `S${p.lesson.studentId}`,
      instructor: p.instructor,
      ...(p.vehicle ? { vehicle: p.vehicle } : {}),
      start: p.start,
      transmission: p.lesson.transmission as Transmission,
    });
    const s = built.instance.students.find((x) => x.id === `S${p.lesson.studentId}`)!;
    s.needs[p.lesson.transmission] -= 1;
  }
  return placed;
}
