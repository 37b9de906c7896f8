/**
 * Turns the flow into concrete lessons: per hour and transmission the flow says which students
 * drive and which instructors teach. Who teaches whom is free within the hour; the soft search
 * (improve.ts) chooses it, starting with the best assignment per hour.
 */
import type { SpecialKind, Transmission } from "../instance.ts";
import type { Model } from "../model.ts";
import type { LessonNetwork } from "./network.ts";

export interface Lesson {
  student: number;
  instructor: number;
  transmission: Transmission;
  day: number;
  hour: number;
  /**
   * Special drives only (stage 0, stages/00_special_drives.ts): the kind; `minutes` the driving
   * minutes in this slot (a double lesson's first slot 60, its second `cont` slot 30); ordinary
   * lessons leave all three out and drive `settings.lessonMinutes` from the slot's start.
   */
  kind?: SpecialKind;
  minutes?: number;
  cont?: boolean;
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
