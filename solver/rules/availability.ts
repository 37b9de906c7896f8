/** Hard rule: a lesson lies inside the person's weekly windows and overlaps no break, block or absence. */
import { minutesOf, weekdayOf } from "../calendar.ts";
import type { Instructor, Student } from "../instance.ts";
import type { Model } from "../model.ts";
import type { HardRule, Lesson } from "./rule.ts";
// The absence rule is part of the one availability model (the API's conflict check reads it too).
import { isAbsent } from "../../common/availability_model.ts";

type Window = { start: string; end: string };

const covered = new Map<string, boolean[]>();

/** Hours h (0..23) whose whole span h:00-h+1:00 lies inside the union of the windows. */
export function hoursCovered(windows: Window[]): boolean[] {
  // Memoised: the same weekly windows come back for every date of the horizon.
  const key = windows.map((w) => w.start + w.end).join();
  const known = covered.get(key);
  if (known) return [...known];
  const hours = computeCovered(windows);
  if (covered.size < 10_000) covered.set(key, hours);
  return [...hours];
}

function computeCovered(windows: Window[]): boolean[] {
  const minute = new Uint8Array(24 * 60);
  for (const w of windows) minute.fill(1, minutesOf(w.start), minutesOf(w.end));
  return Array.from(
    { length: 24 },
    (_, h) => minute.subarray(h * 60, h * 60 + 60).every((m) => m === 1),
  );
}

/** Clears every hour that overlaps one of the windows, even by a minute. */
export function clearOverlapping(hours: boolean[], windows: Window[]): void {
  for (const w of windows) {
    const from = minutesOf(w.start), to = minutesOf(w.end);
    for (let h = 0; h < 24; h++) if (from < h * 60 + 60 && to > h * 60) hours[h] = false;
  }
}

/** Hours on `date` an instructor could teach (work windows minus breaks, blocks, weekly blocks, absences). */
export function instructorHours(instructor: Instructor, date: string): boolean[] {
  if (isAbsent(instructor.absences, date)) return new Array(24).fill(false);
  const day = weekdayOf(date);
  const hours = hoursCovered(instructor.work.filter((w) => w.day === day));
  clearOverlapping(hours, instructor.breaks ?? []);
  clearOverlapping(hours, (instructor.blocks ?? []).filter((b) => b.date === date));
  clearOverlapping(
    hours,
    (instructor.weeklyBlocks ?? []).filter((b) =>
      b.day === day && (b.validFrom == null || b.validFrom <= date) &&
      (b.validUntil == null || date <= b.validUntil)
    ),
  );
  return hours;
}

/** Hours on `date` a student could drive (available windows minus blocks and absences). */
export function studentHours(student: Student, date: string): boolean[] {
  if (isAbsent(student.absences, date)) return new Array(24).fill(false);
  const hours = hoursCovered(student.available.filter((w) => w.day === weekdayOf(date)));
  clearOverlapping(hours, (student.blocks ?? []).filter((b) => b.date === date));
  return hours;
}

/** Who and when, in German: "I1 am 2027-03-01 um 10 Uhr". */
export function who(model: Model, id: string, l: Lesson): string {
  return `${id} am ${model.dates[l.day]} um ${l.hour} Uhr`;
}

/**
 * The instructor side: a lesson lies inside the instructor's possible hours (model.ts unrolls the
 * windows above into `instructorPossible`). In an exact sub-problem the rule is the variables'
 * domain (no teaching variable outside these hours), so it has no rows.
 */
export const instructorAvailability: HardRule = {
  id: "instructor_availability",
  germanName: "Arbeitszeiten der Fahrlehrer",
  side: "instructor",
  violations(model, lessons) {
    return lessons.filter((l) => !model.instructorPossible[l.instructor][l.day * 24 + l.hour])
      .map((l) => ({
        rule: "instructor_availability",
        message: `${
          who(model, model.instance.instructors[l.instructor].id, l)
        }: außerhalb der Arbeitszeit.`,
      }));
  },
  tracker(model) {
    const possible = model.instructorPossible;
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => possible[l.instructor][l.day * 24 + l.hour] === 1,
    };
  },
};

/** The student side: a lesson lies inside the student's possible hours; the domain, no rows. */
export const studentAvailability: HardRule = {
  id: "student_availability",
  germanName: "Verfügbarkeit der Fahrschüler",
  side: "student",
  violations(model, lessons) {
    return lessons.filter((l) => !model.studentPossible[l.student][l.day * 24 + l.hour])
      .map((l) => ({
        rule: "student_availability",
        message: `${who(model, model.instance.students[l.student].id, l)}: nicht verfügbar.`,
      }));
  },
  tracker(model) {
    const possible = model.studentPossible;
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => possible[l.student][l.day * 24 + l.hour] === 1,
    };
  },
};
