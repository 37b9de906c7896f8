/**
 * The rulebook: every hard rule of the planner, registered once (rule.ts says what a rule gives).
 * The soft search's fit test, the explanation of missing lessons, the exact repair's programme and
 * the bench's HiGHS model all read the rules from here. To add a rule: one file in this folder
 * exporting a `HardRule` with its test beside it, and one line in `HARD_RULES` below
 * (solver/README-planner.md, "Eine Regel hinzufügen").
 */
import type { SpecialKind, Transmission } from "../instance.ts";
import type { Model } from "../model.ts";
import { instructorAvailability, studentAvailability } from "./availability.ts";
import { breakAfterHours } from "./break_after_hours.ts";
import { instructorOneLessonAnHour, studentOneLessonAnHour } from "./double_booking.ts";
import { maxAppointmentsPerWeek } from "./max_appointments_per_week.ts";
import { maxHoursPerDay } from "./max_hours_per_day.ts";
import { drivingMinutesPerDay } from "./driving_minutes_per_day.ts";
import { maxLessonsPerStudentPerDay } from "./max_lessons_per_student_per_day.ts";
import { needs, TRANSMISSIONS } from "./needs.ts";
import { qualification } from "./qualification.ts";
import type {
  Bound,
  ExactProblem,
  HardRule,
  Lesson,
  RuleTracker,
  Side,
  StudentVar,
  TeachVar,
  Violation,
} from "./rule.ts";
import { vehicles } from "./vehicles.ts";
import { beforeExam } from "./before_exam.ts";
import { specialDrivesReleased } from "./special_drives_released.ts";
import { nightAfterDusk } from "./night_after_dusk.ts";
import { daylight } from "./daylight.ts";
import { pickupChange } from "./pickup_change.ts";
import { oneVehiclePerDay } from "./one_vehicle_per_day.ts";

/** Every hard rule; the order is the order of their rows and of their violations. */
export const HARD_RULES: readonly HardRule[] = [
  studentAvailability,
  instructorAvailability,
  qualification,
  studentOneLessonAnHour,
  instructorOneLessonAnHour,
  needs,
  maxLessonsPerStudentPerDay,
  maxHoursPerDay,
  drivingMinutesPerDay,
  maxAppointmentsPerWeek,
  breakAfterHours,
  vehicles,
  beforeExam,
  specialDrivesReleased,
  nightAfterDusk,
  daylight,
  pickupChange,
  oneVehiclePerDay,
];

/** The rule with this id (throws for an unknown one: a typo must not switch a rule off). */
export function ruleById(id: string): HardRule {
  const rule = HARD_RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`unbekannte Regel ${id}`);
  return rule;
}

/** Bit per side, to ask only some sides of the rules (SIDES.student | SIDES.pair, ...). */
export const SIDES: Record<Side, number> = { student: 1, instructor: 2, pair: 4, hour: 8 };
export const ALL_SIDES = 15;

/** Every rule broken by the new lessons (fixed appointments counted through the model). */
export function violationsOf(model: Model, lessons: readonly Lesson[]): Violation[] {
  return HARD_RULES.flatMap((r) => r.violations(model, lessons));
}

/**
 * The incremental state of every rule: lessons are added and taken away, and `fits` says whether
 * one more lesson keeps every rule (or every rule of some sides).
 */
export class RuleState {
  private trackers: RuleTracker[];
  /** The trackers whose state changes with the lessons (the soft search adds and removes often). */
  private changing: RuleTracker[];
  private sides: Int32Array;
  private ids: string[];
  private byId = new Map<string, RuleTracker>();

  constructor(model: Model, lessons: readonly Lesson[] = [], rules = HARD_RULES) {
    const all = rules.map((r) => r.tracker(model));
    rules.forEach((r, k) => this.byId.set(r.id, all[k]));
    // Rules that cannot say no for this instance (no special drives, no exam) are never asked.
    const asked = rules.map((_, k) => k).filter((k) => !all[k].inert);
    this.trackers = asked.map((k) => all[k]);
    this.changing = this.trackers.filter((t) => !t.fixed);
    this.sides = Int32Array.from(asked, (k) => SIDES[rules[k].side]);
    this.ids = asked.map((k) => rules[k].id);
    for (const l of lessons) this.add(l);
  }

  add(l: Lesson): void {
    for (const t of this.changing) t.add(l);
  }

  remove(l: Lesson): void {
    for (const t of this.changing) t.remove(l);
  }

  /** True when `l` fits every rule whose side is in `sides` (all by default). */
  fits(l: Lesson, sides = ALL_SIDES): boolean {
    const trackers = this.trackers;
    for (let k = 0; k < trackers.length; k++) {
      if ((this.sides[k] & sides) !== 0 && !trackers[k].fits(l)) return false;
    }
    return true;
  }

  /** True when every rule with a whole-state check (`holds`) keeps it for the lessons now in. */
  holds(): boolean {
    for (const t of this.changing) if (t.holds && !t.holds()) return false;
    return true;
  }

  /** The ids of the rules `fits(l, sides)` asks (the inert ones are never asked). */
  askedRules(sides = ALL_SIDES): string[] {
    return this.ids.filter((_, k) => (this.sides[k] & sides) !== 0);
  }

  /** True when `l` fits the one rule `id`. */
  fitsRule(id: string, l: Lesson): boolean {
    return this.tracker(id).fits(l);
  }

  /** The state of the one rule `id` (for callers that ask it often). */
  tracker(id: string): RuleTracker {
    const tracker = this.byId.get(id);
    if (!tracker) throw new Error(`unbekannte Regel ${id}`);
    return tracker;
  }
}

/** The part of the planning an exact sub-problem re-plans. */
export interface ExactScope {
  days: number[];
  /** Instructors whose lessons on those days may change (null: all). */
  instructors: Set<number> | null;
  /** Lessons kept as they are (outside the scope); they count against every limit. */
  kept: readonly Lesson[];
}

/**
 * The variables of an exact sub-problem, their domain read from the rules' fit tests with the
 * kept lessons in place: a teaching variable per (instructor, day, hour, transmission) that fits
 * every rule of the instructor's side, the pair and the hour, and a student's lesson variable per
 * (student, day, hour, transmission) that fits the student's side and the hour and has a teacher.
 */
export function exactVariables(
  model: Model,
  scope: ExactScope,
  names: { y: (v: Omit<StudentVar, "key">) => string; z: (v: Omit<TeachVar, "key">) => string },
): { y: StudentVar[]; z: TeachVar[] } {
  const state = new RuleState(model, scope.kept);
  const { instance } = model;
  const y: StudentVar[] = [], z: TeachVar[] = [];
  const taught = new Set<string>();
  const probe: Lesson = { student: -1, instructor: -1, transmission: "manual", day: 0, hour: 0 };
  const teacherSides = SIDES.instructor | SIDES.pair | SIDES.hour;
  for (const day of scope.days) {
    probe.day = day;
    instance.instructors.forEach((_, instructor) => {
      if (scope.instructors && !scope.instructors.has(instructor)) return;
      probe.instructor = instructor;
      probe.student = -1;
      for (let hour = 0; hour < 24; hour++) {
        probe.hour = hour;
        for (const t of TRANSMISSIONS) {
          probe.transmission = t;
          if (!state.fits(probe, teacherSides)) continue;
          const v = { instructor, day, hour, t };
          z.push({ key: names.z(v), ...v });
          taught.add(`${day}_${hour}_${t}`);
        }
      }
    });
  }
  instance.students.forEach((_, student) => {
    probe.student = student;
    probe.instructor = -1;
    for (const day of scope.days) {
      probe.day = day;
      for (const t of TRANSMISSIONS) {
        probe.transmission = t;
        for (let hour = 0; hour < 24; hour++) {
          probe.hour = hour;
          if (!taught.has(`${day}_${hour}_${t}`)) continue;
          if (!state.fits(probe, SIDES.student | SIDES.hour)) continue;
          const v = { student, day, hour, t };
          y.push({ key: names.y(v), ...v });
        }
      }
    }
  });
  return { y, z };
}

/** A row of an exact sub-problem: its name, terms and bound. */
export interface ExactRow {
  name: string;
  terms: [string, number][];
  bound: Bound;
}

/**
 * Every row of the hard rules over the variables: first each hour's lessons matched to its
 * teachers per transmission (the lesson has an instructor), then every rule's rows in the order of
 * HARD_RULES. Returns the rows and the rules' auxiliary variables.
 */
export function exactRows(
  model: Model,
  scope: ExactScope,
  vars: { y: readonly StudentVar[]; z: readonly TeachVar[] },
): { rows: ExactRow[]; auxiliary: string[] } {
  const rows: ExactRow[] = [], auxiliary: string[] = [];
  const problem: ExactProblem = {
    model,
    days: scope.days,
    y: vars.y,
    z: vars.z,
    kept: scope.kept,
    row: (name, terms, bound) => rows.push({ name, terms, bound }),
    auxiliary: (key) => auxiliary.push(key),
  };
  const key = (d: number, h: number, t: Transmission) => `${d}_${h}_${t}`;
  const teachers = new Map<string, TeachVar[]>();
  for (const v of vars.z) {
    const k = key(v.day, v.hour, v.t);
    if (!teachers.has(k)) teachers.set(k, []);
    teachers.get(k)!.push(v);
  }
  const drivers = new Map<string, StudentVar[]>();
  for (const v of vars.y) {
    const k = key(v.day, v.hour, v.t);
    if (!drivers.has(k)) drivers.set(k, []);
    drivers.get(k)!.push(v);
  }
  // Every student variable has a teacher (exactVariables); a teacher without students teaches
  // nobody, so its row holds it at 0.
  for (const [k, zs] of teachers) {
    const terms: [string, number][] = (drivers.get(k) ?? []).map((v) => [v.key, 1]);
    for (const v of zs) terms.push([v.key, -1]);
    rows.push({ name: `m${k}`, terms, bound: { equal: 0 } });
  }
  for (const rule of HARD_RULES) rule.exactRows?.(problem);
  return { rows, auxiliary };
}

/**
 * A plan's appointments as the rules see them (indices into the instance, day of the horizon); a
 * special drive (version 2, `kind` other than driving_lesson) is one lesson per slot it occupies.
 */
export function lessonsOfAppointments(
  model: Model,
  appointments: readonly {
    student: string;
    instructor: string;
    start: string;
    end?: string;
    transmission: Transmission;
    kind?: string;
  }[],
): Lesson[] {
  const first = Date.parse(model.dates[0] + "T00:00:00Z");
  return appointments.flatMap((a) => {
    const lesson: Lesson = {
      student: model.studentIndex.get(a.student)!,
      instructor: model.instructorIndex.get(a.instructor)!,
      transmission: a.transmission,
      day: Math.round((Date.parse(a.start.slice(0, 10) + "T00:00:00Z") - first) / 86_400_000),
      hour: Number(a.start.slice(11, 13)),
    };
    if (!a.kind || a.kind === "driving_lesson" || !a.end) return [lesson];
    const at = (t: string) => Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16));
    const parts: Lesson[] = [];
    for (let left = at(a.end) - at(a.start), h = lesson.hour; left > 0; left -= 60, h++) {
      parts.push({
        ...lesson,
        hour: h,
        kind: a.kind as SpecialKind,
        minutes: Math.min(60, left),
        ...(h > lesson.hour ? { cont: true } : {}),
      });
    }
    return parts;
  });
}
