/**
 * Hard rule, always on: an instructor drives at most 495 minutes a day (the legal limit of the
 * German Fahrlehrergesetz, counted in minutes of driving), fixed appointments included. Real
 * minutes count: a 45-minute lesson 45, a 90-minute special drive 90 (60 + 30 in its two slots),
 * so 8 lessons of 60 minutes or 11 of 45 a day; "Max. Stunden pro Tag" above that, or switched
 * off, does not lift it.
 */
import type { Model } from "../model.ts";
import { countLimit, type HardRule, lessonMinutes, type Violation } from "./rule.ts";
import { MAX_DRIVING_MINUTES_PER_DAY } from "../../common/driving_limits.ts";

export { MAX_DRIVING_MINUTES_PER_DAY };

/** New ordinary lessons of `lessonMinutes` the law still allows on a day with `fixedMinutes`. */
export function legalDayCapacity(fixedMinutes: number, lessonMinutes = 60): number {
  return Math.max(0, Math.floor((MAX_DRIVING_MINUTES_PER_DAY - fixedMinutes) / lessonMinutes));
}

const germanName = `Höchstfahrzeit ${MAX_DRIVING_MINUTES_PER_DAY} Minuten pro Tag`;

/** Ordinary lessons all drive model.lessonMinutes: the exact rows count them against the cap. */
const limit = countLimit({
  id: "driving_minutes_per_day",
  germanName,
  side: "instructor",
  size: (m) => m.instance.instructors.length * m.days,
  keyOf: (m, l) => l.instructor * m.days + l.day,
  cap: (m, k) => m.instructorDayLegalCap[Math.floor(k / m.days)][k % m.days],
  label: (m, l) => `${m.instance.instructors[l.instructor].id} am ${m.dates[l.day]}`,
  reason: () =>
    `Höchstfahrzeit der Fahrlehrer erreicht (${MAX_DRIVING_MINUTES_PER_DAY} Minuten am Tag).`,
});

/** Minutes an instructor day may still hold after its fixed appointments. */
function minutesLeft(m: Model, i: number, d: number): number {
  return MAX_DRIVING_MINUTES_PER_DAY - m.instructorDayFixedMinutes[i][d];
}

/**
 * Whether the law is stricter than the school's "Max. Stunden pro Tag" on some instructor day: a
 * slot drives at most 60 minutes, so where the school's cap of slots times 60 fits into the
 * minutes left, the law can never bind.
 */
function binds(m: Model): boolean {
  return m.instructorDaySchoolCap.some((row, i) =>
    row.some((school, d) => minutesLeft(m, i, d) < school * 60)
  );
}

/**
 * In the flow network the instructor day's edge carries the lower of the legal and the school's
 * cap. Where the school's cap is the stricter one everywhere (8 hours or fewer, the default), the
 * rule adds no fit test and no rows: it could not change a plan, only slow the searches down.
 */
export const drivingMinutesPerDay: HardRule = {
  ...limit,
  violations(m, lessons) {
    const used = new Map<number, number>();
    for (const l of lessons) {
      const k = l.instructor * m.days + l.day, { start, end } = lessonMinutes(l, m.lessonMinutes);
      used.set(k, (used.get(k) ?? 0) + end - start);
    }
    const out: Violation[] = [];
    for (const [k, minutes] of used) {
      const i = Math.floor(k / m.days), d = k % m.days;
      const total = minutes + m.instructorDayFixedMinutes[i][d];
      if (total > MAX_DRIVING_MINUTES_PER_DAY) {
        out.push({
          rule: limit.id,
          message: `${m.instance.instructors[i].id} am ${m.dates[d]}: ${total} Minuten Fahrzeit, ` +
            `höchstens ${MAX_DRIVING_MINUTES_PER_DAY} (${germanName}).`,
        });
      }
    }
    return out;
  },
  tracker(m) {
    if (!binds(m)) return { fixed: true, inert: true, add() {}, remove() {}, fits: () => true };
    const left = Int32Array.from(
      { length: m.instance.instructors.length * m.days },
      (_, k) => minutesLeft(m, Math.floor(k / m.days), k % m.days),
    );
    const minutes = (l: Parameters<typeof lessonMinutes>[0]) => l.minutes ?? m.lessonMinutes;
    return {
      add: (l) => void (left[l.instructor * m.days + l.day] -= minutes(l)),
      remove: (l) => void (left[l.instructor * m.days + l.day] += minutes(l)),
      fits: (l) => left[l.instructor * m.days + l.day] >= minutes(l),
    };
  },
  exactRows: (p) => {
    if (binds(p.model)) limit.exactRows!(p);
  },
};
