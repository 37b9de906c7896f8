/**
 * German reasons for special drives stage 0 could not place, naming the real cause: no release,
 * the exam, darkness (Nachtfahrt) or daylight (Überland, Autobahn) against the hours the student
 * and the instructors have, else the rule that keeps the free common hours closed (asked of the
 * rulebook, as report/reasons.ts does for ordinary lessons).
 */
import type { SpecialKind, Transmission } from "../instance.ts";
import { minutesOf } from "../calendar.ts";
import { type Model, slot } from "../model.ts";
import { studentHours } from "../rules/availability.ts";
import { germanDay } from "../rules/before_exam.ts";
import { examOf } from "../rules/before_exam.ts";
import { duskByDay } from "../rules/night_after_dusk.ts";
import { sunsetByDay } from "../rules/daylight.ts";
import { HARD_RULES, type RuleState, SIDES } from "../rules/rulebook.ts";
import { KIND_NAMES } from "../rules/special_kinds.ts";
import { clockOf } from "../../common/sun.ts";
import { germanMonthNames } from "../../common/german_words.ts";
import { slotsOf } from "./place_drives.ts";

/** Why student `s` got no (more) drive of `kind` of `minutes` in transmission `t`. */
export function specialReason(
  model: Model,
  state: RuleState,
  s: number,
  kind: SpecialKind,
  t: Transmission,
  minutes: number,
): string {
  const { instance } = model;
  const st = instance.students[s];
  const name = KIND_NAMES[kind];
  if (!st.specialDrivesReleased) {
    return `${name}: Sonderfahrten sind für diesen Fahrschüler noch nicht freigegeben.`;
  }
  const slots = Math.ceil(minutes / 60);
  const qualified = instance.instructors.map((_, i) => i)
    .filter((i) => instance.instructors[i].transmissions.includes(t));
  // Common free time of the student (windows, blocks, absences; the exam left out) and some
  // qualified instructor, for the whole drive.
  const open: { day: number; hour: number }[] = [];
  model.dates.forEach((date, day) => {
    const free = studentHours(st, date);
    for (let hour = 0; hour + slots <= 24; hour++) {
      const span = Array.from({ length: slots }, (_, k) => hour + k);
      if (!span.every((h) => free[h] && !model.studentFixed[s][slot(day, h)])) continue;
      if (qualified.some((i) => span.every((h) => model.instructorFree[i][slot(day, h)]))) {
        open.push({ day, hour });
      }
    }
  });
  if (open.length === 0) {
    return `${name}: keine gemeinsame freie Zeit von Fahrschüler und Fahrlehrer ` +
      `(${minutes} Minuten am Stück) im Planungszeitraum.`;
  }
  const exam = examOf(st, instance.start);
  const before = exam
    ? open.filter((o) =>
      o.day < exam.day || (o.day === exam.day && o.hour * 60 + minutes <= exam.minute)
    )
    : open;
  if (before.length === 0) {
    return `Prüfung am ${
      germanDay(st.examAt!)
    }: vorher keine gemeinsame freie Zeit für die ${name}.`;
  }
  const month = germanMonthNames[Number(instance.start.slice(5, 7)) - 1];
  const studentWindows = st.available;
  const instructorWindows = qualified.flatMap((i) => instance.instructors[i].work);
  if (kind === "night") {
    const dusk = duskByDay(model);
    const dark = before.filter((o) => o.hour * 60 >= dusk[o.day]);
    if (dark.length === 0) {
      const from = Math.min(...dusk);
      const lastInstructor = Math.max(...instructorWindows.map((w) => minutesOf(w.end)), 0);
      const lastStudent = Math.max(...studentWindows.map((w) => minutesOf(w.end)), 0);
      const cause = lastInstructor < from + minutes
        ? `Fahrlehrer arbeiten bis ${clockOf(lastInstructor)}`
        : lastStudent < from + minutes
        ? `der Fahrschüler ist nur bis ${clockOf(lastStudent)} verfügbar`
        : "danach keine gemeinsame freie Zeit von Fahrschüler und Fahrlehrer";
      return `${name}: im ${month} ist es erst ab ${clockOf(from)} dunkel; ${cause}.`;
    }
    return capacity(dark);
  }
  const sunset = sunsetByDay(model);
  const light = before.filter((o) => o.hour * 60 + minutes <= sunset[o.day]);
  if (light.length === 0) {
    const until = Math.max(...sunset);
    const firstInstructor = Math.min(...instructorWindows.map((w) => minutesOf(w.start)), 1440);
    const firstStudent = Math.min(...studentWindows.map((w) => minutesOf(w.start)), 1440);
    const cause = firstStudent + minutes > until
      ? `der Fahrschüler ist erst ab ${clockOf(firstStudent)} verfügbar`
      : firstInstructor + minutes > until
      ? `Fahrlehrer arbeiten erst ab ${clockOf(firstInstructor)}`
      : "vorher keine gemeinsame freie Zeit von Fahrschüler und Fahrlehrer";
    return `${name}: im ${month} geht die Sonne spätestens um ${clockOf(until)} unter; ${cause}.`;
  }
  return capacity(light);

  /**
   * The rule that closes most of the open drives (with every qualified instructor); where the
   * student's own side closes them all (a lesson that day already), only that side votes.
   */
  function capacity(open: { day: number; hour: number }[]): string {
    const votes = new Map<string, number>();
    const studentFits = (o: { day: number; hour: number }) =>
      slotsOf({ student: s, instructor: -1, kind, transmission: t, ...o, minutes })
        .every((p) => state.fits(p, SIDES.student | SIDES.hour));
    const free = open.filter(studentFits);
    const candidates = free.length > 0 ? free : open;
    for (const o of candidates) {
      for (const i of qualified) {
        const parts = slotsOf({ student: s, instructor: i, kind, transmission: t, ...o, minutes });
        const broken = HARD_RULES.find((r) => parts.some((p) => !state.fitsRule(r.id, p)));
        // Rules without a sentence of their own (an instructor's hours, the qualification) do not
        // vote: they say who cannot, not what keeps the drive out.
        if (broken?.reason) votes.set(broken.id, (votes.get(broken.id) ?? 0) + 1);
      }
    }
    let best: string | undefined, most = 0;
    for (const [id, n] of votes) if (n > most) (best = id, most = n);
    const rule = HARD_RULES.find((r) => r.id === best);
    if (!rule) return `${name}: keine passende freie Zeit mehr im Planungszeitraum.`;
    return `${name}: ${rule.reason?.(instance.settings, t) ?? rule.germanName}`;
  }
}
