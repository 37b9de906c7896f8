/**
 * What a hard rule gives the planner. Each hard rule is one file in this folder that exports a
 * `HardRule`, registered in `rulebook.ts`; every part of the planner asks the rulebook, not the
 * rule's arithmetic written again:
 *
 * - `violations`: what a set of lessons breaks (German, for people; the rule tests and the
 *   rulebook's cross-check against the referee `verify.ts`, which stays independent);
 * - `tracker`: an incremental "does this lesson fit" with a small state that lessons are added to
 *   and taken from (the soft search's moves, the explanation of missing lessons, and the domain
 *   of an exact sub-problem's variables);
 * - `exactRows`: the rows of an exact sub-problem (the yalps programme of the exact repair and the
 *   HiGHS model of the bench are both written from them).
 *
 * A rule sees lessons as they are planned: a student, an instructor, a transmission, a day of the
 * horizon and a start hour; `lessonMinutes` gives its start and end in minutes of that day, for
 * rules that count time rather than lessons. A special drive (Sonderfahrt, stage 0) is one lesson
 * per slot it occupies, with its `kind`, the `minutes` it drives in that slot, and `cont` on every
 * slot after its first.
 */
import type { Lesson } from "../flow/assign.ts";
import type { Settings, Transmission } from "../instance.ts";
import type { Model } from "../model.ts";

export type { Lesson };

/**
 * Start and end of a lesson's driving in this slot, in minutes after midnight of its day;
 * `ordinary` is `settings.lessonMinutes` (model.lessonMinutes), the length of a lesson without
 * `minutes` of its own. Slots are whole hours (docs/planner-format.md).
 */
export function lessonMinutes(l: Lesson, ordinary: number): { start: number; end: number } {
  return { start: l.hour * 60, end: l.hour * 60 + (l.minutes ?? ordinary) };
}

/**
 * Which fields of a lesson a rule's fit test reads: the student's ("student"), the instructor's
 * ("instructor"), the pair of instructor and transmission ("pair"), or what all lessons of an
 * hour share ("hour", e.g. vehicles). A search that keeps one side as it is asks only the others.
 */
export type Side = "student" | "instructor" | "pair" | "hour";

/** One broken rule, in German for the office. */
export interface Violation {
  rule: string;
  message: string;
}

/** A rule's incremental state: the lessons added so far, fixed appointments counted from the start. */
export interface RuleTracker {
  /** True when the state never changes (a rule of the instance alone): add and remove do nothing. */
  fixed?: boolean;
  /** True when `fits` always answers true for this instance (RuleState then never asks it). */
  inert?: boolean;
  add(l: Lesson): void;
  remove(l: Lesson): void;
  /** True when one more lesson `l` keeps the rule (reading only the fields of the rule's side). */
  fits(l: Lesson): boolean;
  /**
   * For a rule over several lessons at once (how many instructors use a day's cars): true when
   * the lessons now in the state keep it. A move that places several lessons before asking asks
   * this afterwards (RuleState.holds).
   */
  holds?(): boolean;
}

/** A row's bound: at most, at least, or exactly. */
export type Bound = { max: number } | { min: number } | { equal: number };

/** A student's lesson variable (1: the student drives then, with that transmission). */
export interface StudentVar {
  key: string;
  student: number;
  day: number;
  hour: number;
  t: Lesson["transmission"];
}

/** An instructor's teaching variable (1: the instructor teaches then, with that transmission). */
export interface TeachVar {
  key: string;
  instructor: number;
  day: number;
  hour: number;
  t: Lesson["transmission"];
}

/**
 * An exact sub-problem as the rules see it: the days it re-plans, its variables (students' lessons
 * `y`, instructors' teaching `z`, matched per hour and transmission by the rulebook), and the
 * lessons kept outside it, which count against every limit. A rule adds rows over the variables
 * (and auxiliary ones of its own) through `row` and `auxiliary`.
 */
export interface ExactProblem {
  model: Model;
  days: number[];
  y: readonly StudentVar[];
  z: readonly TeachVar[];
  kept: readonly Lesson[];
  row(name: string, terms: [string, number][], bound: Bound): void;
  /** A continuous variable between 0 and 1 that only the rule's rows use. */
  auxiliary(key: string): void;
}

/** A hard rule (see the file comment). */
export interface HardRule {
  /** File name without `.ts`, and the prefix of the rule's rows. */
  id: string;
  /** The rule's name for people (German). */
  germanName: string;
  side: Side;
  violations(model: Model, lessons: readonly Lesson[]): Violation[];
  tracker(model: Model): RuleTracker;
  /** Rows of an exact sub-problem; absent where the rule is the variables' domain alone. */
  exactRows?(p: ExactProblem): void;
  /** The German sentence when this rule keeps a student's lesson out of the plan. */
  reason?(settings: Settings, t: Transmission): string;
}

/** Groups items by a key, keeping first-seen order (rows come out in a stable order). */
export function groupBy<T>(items: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const x of items) {
    const k = key(x);
    const list = map.get(k);
    if (list) list.push(x);
    else map.set(k, [x]);
  }
  return map;
}

/** Counts items by a key. */
export function countBy<T>(items: readonly T[], key: (x: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const x of items) map.set(key(x), (map.get(key(x)) ?? 0) + 1);
  return map;
}

/** The terms of a row that sums variables with coefficient 1. */
export function ones(vars: readonly { key: string }[]): [string, number][] {
  return vars.map((v) => [v.key, 1]);
}

/**
 * A rule of the form "at most cap(key) new lessons per key" (a day or week of a person), where the
 * model's caps already hold what fixed appointments leave: its violations, fit test and rows.
 */
export function countLimit(o: {
  id: string;
  germanName: string;
  side: "student" | "instructor";
  /** Keys are 0 .. size(model) - 1. */
  size: (model: Model) => number;
  keyOf: (model: Model, l: { student: number; instructor: number; day: number }) => number;
  cap: (model: Model, key: number) => number;
  /** German: whose day or week, for a violation. */
  label: (model: Model, l: Lesson) => string;
  reason?: HardRule["reason"];
  /** Lessons that count (default all; a double lesson's second slot does not count per student day). */
  counts?: (l: Lesson) => boolean;
}): HardRule {
  const counts = o.counts ?? (() => true);
  return {
    id: o.id,
    germanName: o.germanName,
    side: o.side,
    violations(model, lessons) {
      const count = new Int32Array(o.size(model));
      for (const l of lessons) if (counts(l)) count[o.keyOf(model, l)]++;
      const out: Violation[] = [], seen = new Set<number>();
      for (const l of lessons) {
        if (!counts(l)) continue;
        const k = o.keyOf(model, l);
        if (count[k] > o.cap(model, k) && !seen.has(k)) {
          seen.add(k);
          out.push({
            rule: o.id,
            message: `${o.label(model, l)}: ${count[k]} neue Fahrstunden, höchstens ${
              o.cap(model, k)
            } (${o.germanName}).`,
          });
        }
      }
      return out;
    },
    tracker(model) {
      const count = new Int32Array(o.size(model));
      const caps = Int32Array.from({ length: count.length }, (_, k) => o.cap(model, k));
      if (o.counts) {
        return {
          add: (l) => void (counts(l) && count[o.keyOf(model, l)]++),
          remove: (l) => void (counts(l) && count[o.keyOf(model, l)]--),
          fits: (l) => !counts(l) || count[o.keyOf(model, l)] < caps[o.keyOf(model, l)],
        };
      }
      return {
        add: (l) => void count[o.keyOf(model, l)]++,
        remove: (l) => void count[o.keyOf(model, l)]--,
        fits: (l) => {
          const k = o.keyOf(model, l);
          return count[k] < caps[k];
        },
      };
    },
    exactRows(p) {
      const m = p.model;
      const kept = new Map<number, number>();
      for (const l of p.kept) kept.set(o.keyOf(m, l), (kept.get(o.keyOf(m, l)) ?? 0) + 1);
      const vars = o.side === "student"
        ? p.y.map((v) => ({ key: v.key, k: o.keyOf(m, { ...v, instructor: -1 }) }))
        : p.z.map((v) => ({ key: v.key, k: o.keyOf(m, { ...v, student: -1 }) }));
      for (const [k, vs] of groupBy(vars, (v) => String(v.k))) {
        const left = o.cap(m, +k) - (kept.get(+k) ?? 0);
        p.row(`${o.id}_${k}`, ones(vs), { max: Math.max(0, left) });
      }
    },
    reason: o.reason,
  };
}
