/**
 * Hard rule: nobody is booked twice in one hour, fixed appointments included (an instructor and a
 * student each have one lesson at a time). The flow network gives every instructor hour and every
 * student hour an edge of capacity 1 (flow/network.ts): there the rule is the network's structure.
 */
import type { Model } from "../model.ts";
import { who } from "./availability.ts";
import { countBy, groupBy, type HardRule, type Lesson, ones, type Violation } from "./rule.ts";

/** Lessons (fixed and new) per person and slot; index person * days * 24 + slot. */
function occupancy(model: Model, fixed: Uint8Array[], person: (l: Lesson) => number) {
  const H = model.days * 24;
  const grid = new Int32Array(fixed.length * H);
  fixed.forEach((g, p) => g.forEach((x, k) => (grid[p * H + k] = x)));
  return {
    grid,
    at: (l: Lesson) => person(l) * H + l.day * 24 + l.hour,
  };
}

function twice(
  model: Model,
  lessons: readonly Lesson[],
  fixed: Uint8Array[],
  person: (l: Lesson) => number,
  name: (p: number) => string,
  rule: string,
): Violation[] {
  const { grid, at } = occupancy(model, fixed, person);
  for (const l of lessons) grid[at(l)]++;
  const out: Violation[] = [];
  const seen = new Set<number>();
  for (const l of lessons) {
    const k = at(l);
    if (grid[k] > 1 && !seen.has(k)) {
      seen.add(k);
      out.push({
        rule,
        message: `${who(model, name(person(l)), l)}: ${grid[k]} Fahrstunden zugleich.`,
      });
    }
  }
  return out;
}

/** One lesson at a time per instructor. */
export const instructorOneLessonAnHour: HardRule = {
  id: "instructor_one_lesson_an_hour",
  germanName: "Eine Fahrstunde zugleich je Fahrlehrer",
  side: "instructor",
  violations: (model, lessons) =>
    twice(
      model,
      lessons,
      model.instructorFixed,
      (l) => l.instructor,
      (i) => model.instance.instructors[i].id,
      "instructor_one_lesson_an_hour",
    ),
  tracker(model) {
    const { grid, at } = occupancy(model, model.instructorFixed, (l) => l.instructor);
    return {
      add: (l) => void grid[at(l)]++,
      remove: (l) => void grid[at(l)]--,
      fits: (l) => grid[at(l)] === 0,
    };
  },
  exactRows(p) {
    const kept = countBy(p.kept, (l) => `${l.instructor}_${l.day}_${l.hour}`);
    for (const [k, zs] of groupBy(p.z, (v) => `${v.instructor}_${v.day}_${v.hour}`)) {
      const { instructor, day, hour } = zs[0];
      const busy = (kept.get(k) ?? 0) + p.model.instructorFixed[instructor][day * 24 + hour];
      p.row(`ih${k}`, ones(zs), { max: Math.max(0, 1 - busy) });
    }
  },
  reason: () => "Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.",
};

/** One lesson at a time per student (a student with both transmissions too). */
export const studentOneLessonAnHour: HardRule = {
  id: "student_one_lesson_an_hour",
  germanName: "Eine Fahrstunde zugleich je Fahrschüler",
  side: "student",
  violations: (model, lessons) =>
    twice(
      model,
      lessons,
      model.studentFixed,
      (l) => l.student,
      (s) => model.instance.students[s].id,
      "student_one_lesson_an_hour",
    ),
  tracker(model) {
    const { grid, at } = occupancy(model, model.studentFixed, (l) => l.student);
    return {
      add: (l) => void grid[at(l)]++,
      remove: (l) => void grid[at(l)]--,
      fits: (l) => grid[at(l)] === 0,
    };
  },
  exactRows(p) {
    const kept = countBy(p.kept, (l) => `${l.student}_${l.day}_${l.hour}`);
    for (const [k, ys] of groupBy(p.y, (v) => `${v.student}_${v.day}_${v.hour}`)) {
      const { student, day, hour } = ys[0];
      const busy = (kept.get(k) ?? 0) + p.model.studentFixed[student][day * 24 + hour];
      p.row(`sh${k}`, ones(ys), { max: Math.max(0, 1 - busy) });
    }
  },
};
