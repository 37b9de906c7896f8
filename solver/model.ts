/** The instance unrolled into hour grids: who could have a lesson when, and what fixed appointments leave free. */
import { addDays, daysBetween, splitStart } from "./calendar.ts";
import type { Instance, Transmission } from "./instance.ts";
import { instructorHours, studentHours } from "./rules/availability.ts";
import { freeHoursForBreak } from "./rules/break_after_hours.ts";
import { dayCapacity } from "./rules/max_hours_per_day.ts";
import { weekCapacity, weekIndexOfDays } from "./rules/max_appointments_per_week.ts";
import { studentDayCapacity } from "./rules/max_lessons_per_student_per_day.ts";
import { vehicleRuleOn } from "./rules/vehicles.ts";
import { preferredHours } from "./rules/preferred_times.ts";
import { weekdayOf } from "./calendar.ts";

/** Hour slot index inside the horizon. */
export const slot = (day: number, hour: number): number => day * 24 + hour;

export interface Model {
  instance: Instance;
  days: number;
  dates: string[];
  weekOfDay: number[];
  weeks: number;
  breakLimit: number;
  breakGap: number;
  /** instructor -> slot: 1 when a new lesson could be given (possible and not taken by a fixed one). */
  instructorFree: Uint8Array[];
  /** instructor -> slot: 1 when a fixed appointment is there (it counts in runs of lessons). */
  instructorFixed: Uint8Array[];
  /** instructor -> slot: 1 when possible at all (fixed lessons included). */
  instructorPossible: Uint8Array[];
  instructorDayCap: number[][];
  instructorWeekCap: number[][];
  studentFree: Uint8Array[];
  studentDayCap: number[][];
  studentPreferred: Uint8Array[];
  /** transmission -> slot: vehicles still free, or null without the vehicle rule. */
  vehicleCap: Record<Transmission, Int32Array> | null;
  instructorIndex: Map<string, number>;
  studentIndex: Map<string, number>;
}

/** Builds the hour grids of an instance; fixed appointments take their slots and count against every limit. */
export function buildModel(instance: Instance): Model {
  const days = instance.days, s = instance.settings;
  const dates = Array.from({ length: days }, (_, d) => addDays(instance.start, d));
  const weekOfDay = weekIndexOfDays(instance.start, days);
  const weeks = weekOfDay[days - 1] + 1;
  const grid = () => new Uint8Array(days * 24);
  const instructorIndex = new Map(instance.instructors.map((x, k) => [x.id, k]));
  const studentIndex = new Map(instance.students.map((x, k) => [x.id, k]));

  const instructorPossible = instance.instructors.map((ins) => {
    const g = grid();
    dates.forEach((date, d) =>
      instructorHours(ins, date).forEach((ok, h) => ok && (g[slot(d, h)] = 1))
    );
    return g;
  });
  const studentPossible = instance.students.map((st) => {
    const g = grid();
    dates.forEach((date, d) =>
      studentHours(st, date).forEach((ok, h) => ok && (g[slot(d, h)] = 1))
    );
    return g;
  });
  const studentPreferred = instance.students.map((st) => {
    const g = grid();
    if (!st.preferred?.length) return g;
    dates.forEach((date, d) => {
      const wd = weekdayOf(date);
      preferredHours(st, wd).forEach((ok, h) => ok && (g[slot(d, h)] = 1));
    });
    return g;
  });

  const instructorFixed = instance.instructors.map(() => grid());
  const instructorDayFixed = instance.instructors.map(() => new Array(days).fill(0));
  const instructorWeekFixed = instance.instructors.map(() => new Array(weeks).fill(0));
  const studentBusy = instance.students.map(() => grid());
  const studentDayFixed = instance.students.map(() => new Array(days).fill(0));
  const vehicleRule = vehicleRuleOn(instance);
  const vehicleCap = vehicleRule
    ? { manual: new Int32Array(days * 24), automatic: new Int32Array(days * 24) }
    : null;
  if (vehicleCap) {
    for (const v of instance.vehicles) {
      for (let k = 0; k < days * 24; k++) vehicleCap[v.transmission][k]++;
    }
  }
  const vehicleTransmission = new Map(instance.vehicles.map((v) => [v.id, v.transmission]));
  for (const f of instance.fixed) {
    const { date, hour } = splitStart(f.start);
    const d = daysBetween(instance.start, date);
    if (d < 0 || d >= days) continue;
    const i = instructorIndex.get(f.instructor)!, st = studentIndex.get(f.student)!;
    instructorFixed[i][slot(d, hour)] = 1;
    instructorDayFixed[i][d]++;
    instructorWeekFixed[i][weekOfDay[d]]++;
    studentBusy[st][slot(d, hour)] = 1;
    studentDayFixed[st][d]++;
    const vt = f.vehicle === undefined ? undefined : vehicleTransmission.get(f.vehicle);
    if (vehicleCap && vt) {
      vehicleCap[vt][slot(d, hour)] = Math.max(0, vehicleCap[vt][slot(d, hour)] - 1);
    }
  }
  const instructorFree = instructorPossible.map((g, i) =>
    g.map((p, k) => (p && !instructorFixed[i][k] ? 1 : 0))
  );
  const studentFree = studentPossible.map((g, st) =>
    g.map((p, k) => (p && !studentBusy[st][k] ? 1 : 0))
  );
  return {
    instance,
    days,
    dates,
    weekOfDay,
    weeks,
    breakLimit: s.breakAfterHours,
    breakGap: freeHoursForBreak(s.minBreakMinutes),
    instructorFree,
    instructorFixed,
    instructorPossible,
    instructorDayCap: instructorDayFixed.map((row) =>
      row.map((n) => dayCapacity(s.maxHoursPerDay, n))
    ),
    instructorWeekCap: instructorWeekFixed.map((row) =>
      row.map((n) => weekCapacity(s.maxAppointmentsPerWeek, n))
    ),
    studentFree,
    studentDayCap: studentDayFixed.map((row) =>
      row.map((n) => studentDayCapacity(s.maxLessonsPerStudentPerDay, n))
    ),
    studentPreferred,
    vehicleCap,
    instructorIndex,
    studentIndex,
  };
}
