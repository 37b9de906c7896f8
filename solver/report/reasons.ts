/**
 * German sentences that name the rule keeping a student's missing lessons out of the plan. Which
 * rule binds is asked of the rulebook (rules/rulebook.ts: each rule's fit test against the finished
 * plan), and the sentence is the rule's own (`reason`); this file only decides how the hours vote.
 */
import type { Lesson } from "../flow/assign.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { ruleById, RuleState } from "../rules/rulebook.ts";
import type { RuleTracker } from "../rules/rule.ts";

/** Builds, once per plan, the judge of the binding constraint for a student and transmission. */
export function reasoner(model: Model, lessons: Lesson[]): (s: number, t: Transmission) => string {
  const { days, instance } = model;
  const H = days * 24;
  const state = new RuleState(model, lessons);
  const byStudent = new Map<number, Lesson[]>();
  for (const l of lessons) {
    if (!byStudent.has(l.student)) byStudent.set(l.student, []);
    byStudent.get(l.student)!.push(l);
  }
  // Per transmission, the qualified instructors and the hours one of them could teach at all:
  // asked for every free hour of every student with missing lessons.
  const probe: Lesson = { student: -1, instructor: 0, transmission: "manual", day: 0, hour: 0 };
  const qualified = { manual: [] as number[], automatic: [] as number[] };
  const anyPossible = { manual: new Uint8Array(H), automatic: new Uint8Array(H) };
  instance.instructors.forEach((_, i) => {
    probe.instructor = i;
    for (const t of ["manual", "automatic"] as const) {
      probe.transmission = t;
      if (!state.fitsRule("qualification", probe)) continue;
      qualified[t].push(i);
      for (let k = 0; k < H; k++) {
        (probe.day = Math.floor(k / 24), probe.hour = k % 24);
        if (state.fitsRule("instructor_availability", probe)) anyPossible[t][k] = 1;
      }
    }
  });
  return (s, t) => unplannedReason(model, { state, byStudent, qualified, anyPossible }, s, t);
}

interface Context {
  state: RuleState;
  byStudent: Map<number, Lesson[]>;
  qualified: Record<Transmission, number[]>;
  /** 1 where some instructor qualified for the transmission could teach. */
  anyPossible: Record<Transmission, Uint8Array>;
}

/** The binding constraint for a student and transmission, judged against the finished plan. */
function unplannedReason(model: Model, c: Context, s: number, t: Transmission): string {
  const { days } = model;
  const settings = model.instance.settings;
  const { state } = c;
  const qualified = c.qualified[t], possible = c.anyPossible[t];
  const sentences = new Map<string, string>();
  const sentence = (id: string) => {
    let text = sentences.get(id);
    if (text === undefined) sentences.set(id, text = ruleById(id).reason!(settings, t));
    return text;
  };
  const common = (d: number, h: number) =>
    model.studentFree[s][slot(d, h)] === 1 && possible[slot(d, h)] === 1;
  const hours = [...Array(24).keys()];
  const commonDays = [...Array(days).keys()].filter((d) => hours.some((h) => common(d, h)));
  if (commonDays.length === 0) return sentence("qualification");

  const busy = new Set<number>();
  for (const l of c.byStudent.get(s) ?? []) busy.add(slot(l.day, l.hour));
  // The rules asked for every open hour and qualified instructor, and one lesson to ask about.
  const [studentDay, vehicles, available, oneAnHour, week, day, run] = [
    "max_lessons_per_student_per_day",
    "vehicles",
    "instructor_availability",
    "instructor_one_lesson_an_hour",
    "max_appointments_per_week",
    "max_hours_per_day",
    "break_after_hours",
  ].map((id) => state.tracker(id));
  const l: Lesson = { student: s, instructor: -1, transmission: t, day: 0, hour: 0 };
  const openDays = commonDays.filter((d) => {
    l.day = d;
    return studentDay.fits(l);
  });
  if (openDays.length === 0) return sentence("max_lessons_per_student_per_day");
  const tally = new Map<string, number>();
  const vote = (reason: string) => tally.set(reason, (tally.get(reason) ?? 0) + 1);
  // Each of the student's open hours votes for the rule that keeps every qualified instructor out.
  const fitsWith = (rule: RuleTracker, i: number) => {
    l.instructor = i;
    return rule.fits(l);
  };
  const allFail = (instructors: number[], rule: RuleTracker) =>
    instructors.every((i) => !fitsWith(rule, i));
  for (const d of openDays) {
    for (const h of hours) {
      if (!common(d, h) || busy.has(slot(d, h))) continue;
      (l.day = d, l.hour = h);
      if (!vehicles.fits(l)) {
        vote(sentence("vehicles"));
        continue;
      }
      const free = qualified.filter((i) => fitsWith(available, i) && fitsWith(oneAnHour, i));
      if (free.length === 0) vote(sentence("instructor_one_lesson_an_hour"));
      else if (allFail(free, week)) vote(sentence("max_appointments_per_week"));
      else if (allFail(free, day)) vote(sentence("max_hours_per_day"));
      else if (allFail(free, run)) vote(sentence("break_after_hours"));
      else vote(sentence("instructor_one_lesson_an_hour"));
    }
  }
  if (tally.size === 0) return sentence("max_lessons_per_student_per_day");
  return [...tally].sort((a, b) => b[1] - a[1])[0][0];
}
