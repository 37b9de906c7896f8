/**
 * Hard rule: a student with an exam (`examAt`) has no lesson that ends after it, special drives
 * included: everything lies before the exam, nothing on or after it. The model closes the
 * student's slots from there on (model.ts), so the flow offers none; this file says where.
 */
import { daysBetween } from "../calendar.ts";
import type { Student } from "../instance.ts";
import type { Model } from "../model.ts";
import { type HardRule, lessonMinutes, type Violation } from "./rule.ts";

/** The exam as day of the horizon (may lie outside it) and minute of that day. */
export interface Exam {
  day: number;
  minute: number;
}

/** The student's exam relative to the horizon starting at `start`, or null. */
export function examOf(student: Student, start: string): Exam | null {
  if (!student.examAt) return null;
  const at = student.examAt;
  return {
    day: daysBetween(start, at.slice(0, 10)),
    minute: Number(at.slice(11, 13)) * 60 + Number(at.slice(14, 16)),
  };
}

/** True when a lesson of `minutes` starting at slot (day, hour) would end after the exam. */
export function examClosesSlot(exam: Exam, day: number, hour: number, minutes: number): boolean {
  return day > exam.day || (day === exam.day && hour * 60 + minutes > exam.minute);
}

/** "12.01." of an ISO date, as the office writes it. */
export function germanDay(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.`;
}

export const beforeExam: HardRule = {
  id: "before_exam",
  germanName: "Nichts nach der Prüfung",
  side: "student",
  violations(model, lessons) {
    const out: Violation[] = [];
    for (const l of lessons) {
      const st = model.instance.students[l.student];
      const exam = examOf(st, model.instance.start);
      if (!exam) continue;
      const { start, end } = lessonMinutes(l, model.lessonMinutes);
      if (examClosesSlot(exam, l.day, l.hour, end - start)) {
        out.push({
          rule: "before_exam",
          message: `${st.id} am ${model.dates[l.day]} um ${l.hour} Uhr: nach der Prüfung ` +
            `(${st.examAt!.replace("T", " ")}).`,
        });
      }
    }
    return out;
  },
  tracker(model: Model) {
    const exams = model.instance.students.map((st) => examOf(st, model.instance.start));
    if (exams.every((e) => e === null)) {
      return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    }
    return {
      fixed: true,
      add() {},
      remove() {},
      fits: (l) => {
        const exam = exams[l.student];
        return !exam || !examClosesSlot(exam, l.day, l.hour, l.minutes ?? model.lessonMinutes);
      },
    };
  },
  reason: () => "Prüfungstermin: danach wird nichts mehr geplant.",
};
