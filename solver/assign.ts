/**
 * Turns the flow into concrete lessons: per hour and transmission the flow says which students
 * drive and which instructors teach; who teaches whom is free within the hour, so it is chosen for
 * continuity and preferred instructors, then improved by swaps between lessons of the same hour
 * (a swap changes no instructor's hours, so every hard rule still holds).
 */
import type { Transmission } from "./instance.ts";
import type { Model } from "./model.ts";
import type { LessonNetwork } from "./network.ts";
import { canTeach } from "./rules/qualification.ts";
import { continuityPenalty } from "./rules/continuity.ts";
import { preferredInstructorPenalty } from "./rules/preferredInstructor.ts";

export interface Lesson {
  student: number;
  instructor: number;
  transmission: Transmission;
  day: number;
  hour: number;
}

/** The lessons the flow carries, each with some instructor of its hour. */
export function lessonsFromFlow(model: Model, network: LessonNetwork): Lesson[] {
  const { net } = network;
  const teachers = new Map<string, number[]>();
  for (const t of network.teaching) {
    if (net.flow[t.edge] <= 0) continue;
    const key = `${t.day}/${t.hour}/${t.transmission}`;
    if (!teachers.has(key)) teachers.set(key, []);
    teachers.get(key)!.push(t.instructor);
  }
  const lessons: Lesson[] = [];
  for (const l of network.lessons) {
    if (net.flow[l.edge] <= 0) continue;
    const instructor = teachers.get(`${l.day}/${l.hour}/${l.transmission}`)!.pop()!;
    lessons.push({
      student: l.student,
      instructor,
      transmission: l.transmission,
      day: l.day,
      hour: l.hour,
    });
  }
  void model;
  return lessons;
}

/** Swaps instructors between lessons of the same hour while that lowers the soft penalty. */
export function improveInstructorChoice(
  model: Model,
  lessons: Lesson[],
  fixedPairs: [number, number][],
): void {
  const { instance } = model;
  const soft = instance.settings.soft;
  const counts = instance.students.map(() => new Map<number, number>());
  const add = (s: number, i: number, k: number) => counts[s].set(i, (counts[s].get(i) ?? 0) + k);
  for (const [s, i] of fixedPairs) add(s, i, 1);
  for (const l of lessons) add(l.student, l.instructor, 1);
  const preferred = instance.students.map((st) =>
    st.preferredInstructor === undefined
      ? -1
      : model.instructorIndex.get(st.preferredInstructor) ?? -1
  );
  // Penalty change when student s moves one lesson from instructor a to b.
  const delta = (s: number, a: number, b: number) => {
    const before = continuityPenalty(counts[s], soft.instructorContinuity) +
      preferredInstructorPenalty(counts[s], preferred[s], soft.studentPreferences);
    add(s, a, -1);
    add(s, b, 1);
    const after = continuityPenalty(counts[s], soft.instructorContinuity) +
      preferredInstructorPenalty(counts[s], preferred[s], soft.studentPreferences);
    add(s, b, -1);
    add(s, a, 1);
    return after - before;
  };
  const byHour = new Map<number, Lesson[]>();
  for (const l of lessons) {
    const key = l.day * 24 + l.hour;
    if (!byHour.has(key)) byHour.set(key, []);
    byHour.get(key)!.push(l);
  }
  const ins = instance.instructors;
  for (let sweep = 0; sweep < 3; sweep++) {
    let improved = false;
    for (const group of byHour.values()) {
      for (let x = 0; x < group.length; x++) {
        for (let y = x + 1; y < group.length; y++) {
          const p = group[x], q = group[y];
          if (p.instructor === q.instructor || p.student === q.student) continue;
          if (
            !canTeach(ins[q.instructor], p.transmission) ||
            !canTeach(ins[p.instructor], q.transmission)
          ) continue;
          const dp = delta(p.student, p.instructor, q.instructor);
          add(p.student, p.instructor, -1);
          add(p.student, q.instructor, 1);
          const dq = delta(q.student, q.instructor, p.instructor);
          add(p.student, q.instructor, -1);
          add(p.student, p.instructor, 1);
          if (dp + dq < -1e-9) {
            add(p.student, p.instructor, -1);
            add(p.student, q.instructor, 1);
            add(q.student, q.instructor, -1);
            add(q.student, p.instructor, 1);
            [p.instructor, q.instructor] = [q.instructor, p.instructor];
            improved = true;
          }
        }
      }
    }
    if (!improved) break;
  }
}
