/**
 * Hard rule (issue 22): between two consecutive lessons of an instructor at different pickup
 * points (Treffpunkte, `students[].pickupPoint`) lie at least `settings.pickupChangeMinutes`
 * minutes (0: no rule), fixed appointments included.
 *
 * Precisely: a lesson drives from its slot's start for its minutes (an ordinary one
 * `lessonMinutes`, a special drive's first slot 60 and its second 30, a fixed one up to its `end`);
 * the time to change is from its end to the start of the instructor's next lesson that day. Slots
 * are whole hours and the setting is at most 60, so only lessons in neighbouring slots can be too
 * close: with 45-minute lessons 15 minutes are free anyway (a change time up to 15 never binds), with
 * 60-minute lessons back to back a change of pickup point needs a free slot between them. A student
 * without a pickup point meets anywhere (no change needed); the same pickup point needs none.
 *
 * The flow network and the exact repair's rows do not see the rule (who teaches whom is chosen
 * after them); `routing/pickup_repair.ts` takes back what they let through, as
 * `routing/repair.ts` does for the break rule, and every move of the soft search asks the tracker.
 */
import type { Model } from "../model.ts";
import { daysBetween, splitStart } from "../calendar.ts";
import { fixedMinutes } from "../model.ts";
import { type HardRule, type Lesson, type RuleTracker, type Violation } from "./rule.ts";

/** No lesson in the slot. */
const EMPTY = -2;
/** A lesson of a student without pickup point (compatible with any). */
const ANYWHERE = -1;

/** Each student's pickup point as a number (ANYWHERE without one), in first-seen order. */
export function pickupCodes(model: Model): Int32Array {
  const names = new Map<string, number>();
  return Int32Array.from(model.instance.students, (st) => {
    if (st.pickupPoint === undefined) return ANYWHERE;
    if (!names.has(st.pickupPoint)) names.set(st.pickupPoint, names.size);
    return names.get(st.pickupPoint)!;
  });
}

/** The occupied slots of every instructor: pickup code, minutes driven in the slot, student. */
export interface Grid {
  code: Int32Array;
  minutes: Int32Array;
  student: Int32Array;
}

/** The grid with the fixed appointments in it (each slot they touch; the last drives to `end`). */
export function fixedGrid(model: Model, codes: Int32Array): Grid {
  const H = model.days * 24, n = model.instance.instructors.length * H;
  const g: Grid = {
    code: new Int32Array(n).fill(EMPTY),
    minutes: new Int32Array(n),
    student: new Int32Array(n).fill(-1),
  };
  const s = model.instance.settings;
  for (const f of model.instance.fixed) {
    const { date, hour } = splitStart(f.start);
    const d = daysBetween(model.instance.start, date);
    if (d < 0 || d >= model.days) continue;
    const i = model.instructorIndex.get(f.instructor)!, st = model.studentIndex.get(f.student)!;
    let left = fixedMinutes(f, s.lessonMinutes);
    for (let h = hour; h < 24 && left > 0; h++, left -= 60) {
      const k = i * H + d * 24 + h;
      g.code[k] = codes[st];
      g.minutes[k] = Math.min(60, left);
      g.student[k] = st;
    }
  }
  return g;
}

/** True when a lesson driving `minutes` in its slot, then one at another pickup point, is too close. */
export const tooClose = (minutes: number, change: number) => 60 - minutes < change;

/**
 * Whether the rule can bind in this instance: a change time, two pickup points, and some slot that
 * drives more than 60 minus the change time (ordinary lessons, a special drive's second slot, a
 * fixed appointment's last slot). A special drive's first slot is always followed by its own second.
 */
export function pickupRuleBinds(model: Model): boolean {
  const s = model.instance.settings, change = s.pickupChangeMinutes;
  if (change <= 0) return false;
  const codes = pickupCodes(model);
  if (!codes.some((c) => c > 0)) return false;
  if (tooClose(s.lessonMinutes, change)) return true;
  if (model.instance.students.some((st) => st.special) && tooClose(30, change)) return true;
  return fixedGrid(model, codes).minutes.some((m) => m > 0 && tooClose(m, change));
}

const minutesOf = (l: Lesson, model: Model) => l.minutes ?? model.lessonMinutes;

function sentence(change: number): string {
  return `Treffpunktwechsel: zwischen zwei Fahrstunden an verschiedenen Treffpunkten braucht ein ` +
    `Fahrlehrer ${change} Minuten; die möglichen Fahrlehrer fahren davor oder danach an einem ` +
    `anderen Treffpunkt.`;
}

export const pickupChange: HardRule = {
  id: "pickup_change",
  germanName: "Zeit für den Wechsel des Treffpunkts",
  // It reads the lesson's student (its pickup point) and the instructor's neighbouring slots: a
  // search that only re-pairs students and instructors asks it as the pair's rule.
  side: "pair",
  violations(model, lessons) {
    const change = model.instance.settings.pickupChangeMinutes;
    if (change <= 0) return [];
    const codes = pickupCodes(model), H = model.days * 24;
    const g = fixedGrid(model, codes);
    const isNew = new Uint8Array(g.code.length);
    for (const l of lessons) {
      const k = l.instructor * H + l.day * 24 + l.hour;
      g.code[k] = codes[l.student];
      g.minutes[k] = minutesOf(l, model);
      g.student[k] = l.student;
      isNew[k] = 1;
    }
    const out: Violation[] = [], students = model.instance.students;
    for (let k = 0; k < g.code.length; k++) {
      const h = k % 24;
      if (h === 23 || !(isNew[k] || isNew[k + 1])) continue;
      const a = g.code[k], b = g.code[k + 1];
      if (a < 0 || b < 0 || a === b || !tooClose(g.minutes[k], change)) continue;
      const i = Math.floor(k / H), d = Math.floor((k % H) / 24);
      out.push({
        rule: "pickup_change",
        message: `${model.instance.instructors[i].id} am ${model.dates[d]}: um ${h} Uhr in ` +
          `„${students[g.student[k]].pickupPoint}“, um ${h + 1} Uhr in ` +
          `„${students[g.student[k + 1]].pickupPoint}“, ${60 - g.minutes[k]} Minuten zum ` +
          `Wechsel, nötig ${change}.`,
      });
    }
    return out;
  },
  tracker(model): RuleTracker {
    if (!pickupRuleBinds(model)) {
      return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    }
    const change = model.instance.settings.pickupChangeMinutes;
    const codes = pickupCodes(model), H = model.days * 24;
    const g = fixedGrid(model, codes);
    return {
      add(l) {
        const k = l.instructor * H + l.day * 24 + l.hour;
        g.code[k] = codes[l.student];
        g.minutes[k] = minutesOf(l, model);
        g.student[k] = l.student;
      },
      remove(l) {
        const k = l.instructor * H + l.day * 24 + l.hour;
        if (g.student[k] !== l.student) return;
        g.code[k] = EMPTY;
        g.minutes[k] = 0;
        g.student[k] = -1;
      },
      fits(l) {
        if (l.student < 0 || l.instructor < 0) return true;
        const c = codes[l.student];
        if (c < 0) return true;
        const k = l.instructor * H + l.day * 24 + l.hour;
        if (l.hour > 0) {
          const p = g.code[k - 1];
          if (p >= 0 && p !== c && tooClose(g.minutes[k - 1], change)) return false;
        }
        if (l.hour < 23) {
          const q = g.code[k + 1];
          if (q >= 0 && q !== c && tooClose(minutesOf(l, model), change)) return false;
        }
        return true;
      },
    };
  },
  reason: (settings) => sentence(settings.pickupChangeMinutes),
};
