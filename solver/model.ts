/** The instance unrolled into hour grids: who could have a lesson when, and what fixed appointments leave free. */
import { legalDayCapacity } from "./rules/driving_minutes_per_day.ts";
import { examClosesSlot, examOf } from "./rules/before_exam.ts";
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
  /** Driving minutes of an ordinary lesson (settings.lessonMinutes; 60 in version 1). */
  lessonMinutes: number;
  /** instructor -> day: driving minutes of fixed appointments (the legal 495 minutes count them). */
  instructorDayFixedMinutes: number[][];
  breakGap: number;
  /** instructor -> slot: 1 when a new lesson could be given (possible and not taken by a fixed one). */
  instructorFree: Uint8Array[];
  /** instructor -> slot: 1 when a fixed appointment is there (it counts in runs of lessons). */
  instructorFixed: Uint8Array[];
  /** instructor -> slot: 1 when possible at all (fixed lessons included). */
  instructorPossible: Uint8Array[];
  /** New lessons per instructor and day: the lower of the school's cap and the legal one. */
  instructorDayCap: number[][];
  /** New lessons per instructor and day that the legal 495 minutes allow (fixed ones counted). */
  instructorDayLegalCap: number[][];
  /** New lessons per instructor and day that "Max. Stunden pro Tag" allows (fixed ones counted). */
  instructorDaySchoolCap: number[][];
  instructorWeekCap: number[][];
  studentFree: Uint8Array[];
  /** student -> slot: 1 when the student could drive at all (fixed lessons included). */
  studentPossible: Uint8Array[];
  /** student -> slot: 1 when a fixed appointment of the student is there. */
  studentFixed: Uint8Array[];
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
  const instructorDayFixedMinutes = instance.instructors.map(() => new Array(days).fill(0));
  for (const f of instance.fixed) {
    const { date, hour } = splitStart(f.start);
    const d = daysBetween(instance.start, date);
    if (d < 0 || d >= days) continue;
    const i = instructorIndex.get(f.instructor)!, st = studentIndex.get(f.student)!;
    // A fixed appointment occupies every whole-hour slot it touches (a 90-minute one two) and
    // counts in each of them; per student day it is one appointment.
    const minutes = fixedMinutes(f, s.lessonMinutes);
    const slots = Math.min(24 - hour, Math.ceil(minutes / 60));
    instructorDayFixedMinutes[i][d] += minutes;
    studentDayFixed[st][d] += lessonsPerStudentDay(f, s);
    const vt = f.vehicle === undefined ? undefined : vehicleTransmission.get(f.vehicle);
    for (let h = hour; h < hour + slots; h++) {
      instructorFixed[i][slot(d, h)] = 1;
      instructorDayFixed[i][d]++;
      instructorWeekFixed[i][weekOfDay[d]]++;
      studentBusy[st][slot(d, h)] = 1;
      if (vehicleCap && vt) {
        vehicleCap[vt][slot(d, h)] = Math.max(0, vehicleCap[vt][slot(d, h)] - 1);
      }
    }
  }
  // The exam: no lesson of the student ends after it (rules/before_exam.ts).
  instance.students.forEach((st, k) => {
    const exam = examOf(st, instance.start);
    if (!exam) return;
    for (let d = 0; d < days; d++) {
      for (let h = 0; h < 24; h++) {
        if (examClosesSlot(exam, d, h, s.lessonMinutes)) studentPossible[k][slot(d, h)] = 0;
      }
    }
  });
  const legal = (i: number, d: number) =>
    legalDayCapacity(instructorDayFixedMinutes[i][d], s.lessonMinutes);
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
    lessonMinutes: s.lessonMinutes,
    instructorDayFixedMinutes,
    breakGap: freeHoursForBreak(s.minBreakMinutes),
    instructorFree,
    instructorFixed,
    instructorPossible,
    instructorDayCap: instructorDayFixed.map((row, i) =>
      row.map((n, d) => Math.min(dayCapacity(s.maxHoursPerDay, n), legal(i, d)))
    ),
    instructorDayLegalCap: instructorDayFixed.map((row, i) => row.map((_, d) => legal(i, d))),
    instructorDaySchoolCap: instructorDayFixed.map((row) =>
      row.map((n) => dayCapacity(s.maxHoursPerDay, n))
    ),
    instructorWeekCap: instructorWeekFixed.map((row) =>
      row.map((n) => weekCapacity(s.maxAppointmentsPerWeek, n))
    ),
    studentFree,
    studentPossible,
    studentFixed: studentBusy,
    studentDayCap: studentDayFixed.map((row) =>
      row.map((n) => studentDayCapacity(s.maxLessonsPerStudentPerDay, n))
    ),
    studentPreferred,
    vehicleCap,
    instructorIndex,
    studentIndex,
  };
}

/**
 * What a fixed appointment counts per student day: one, or two for an ordinary double lesson
 * (ordinaryDoubleLessons "prefer": two lessons' minutes in one appointment, docs/planner-format.md).
 */
export function lessonsPerStudentDay(
  f: { start: string; end?: string; kind?: string },
  s: { lessonMinutes: number; ordinaryDoubleLessons: string },
): number {
  const ordinary = f.kind === undefined || f.kind === "driving_lesson";
  const double = s.ordinaryDoubleLessons === "prefer" && ordinary &&
    fixedMinutes(f, s.lessonMinutes) === 2 * s.lessonMinutes;
  return double ? 2 : 1;
}

/** Driving minutes of a fixed appointment: from start to `end`, else one ordinary lesson. */
export function fixedMinutes(f: { start: string; end?: string }, lessonMinutes: number): number {
  if (f.end === undefined) return lessonMinutes;
  const at = (t: string) => Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16));
  return at(f.end) - at(f.start);
}
