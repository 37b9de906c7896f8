/**
 * Exact repair where the flow's plan stays below the upper bound: a large-neighbourhood search
 * whose neighbourhood is one day (with two-hour breaks: a few instructors on it) or a pair of days.
 * All lessons outside stay as they are; the neighbourhood is solved again as a mixed-integer
 * programme (yalps) with every hard rule in it exact, as the rulebook writes it (rules/rulebook.ts:
 * each rule's rows, with the lessons outside and fixed appointments counted). The new solution replaces the old one only with more lessons, and no
 * student may fall below the plan's lowest share, so lessons and fairness never get worse.
 */
import { type Constraint, solve } from "yalps";
import type { Lesson } from "../flow/assign.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import { exactRows, exactVariables } from "../rules/rulebook.ts";
import { type Work, WORK_BUDGET } from "../work_budget.ts";

export interface ExactRepairOptions {
  /** One unit per neighbourhood solved. */
  work: Work;
  /** Stop once the plan has this many lessons (the upper bound: nothing more is possible). */
  target: number;
  /** The lowest share no student may fall below. */
  minShare: number;
  /** yalps's branch-and-cut iterations for one neighbourhood's programme. */
  iterations?: number;
}

export interface ExactRepairResult {
  lessons: Lesson[];
  daysSolved: number;
  daysImproved: number;
  /** Neighbourhoods whose programme yalps did not finish within its iterations (or the time limit). */
  daysTimedOut: number;
}

/** One neighbourhood: its days, and the instructors whose lessons then may change (null: all). */
export interface Neighbourhood {
  days: number[];
  instructors: Set<number> | null;
}

/**
 * Re-solves neighbourhoods exactly while lessons are below `target` and work is left: whole days
 * (fast with the one-hour break rule) or groups of a few instructors on one day (the two-hour break
 * rule's programme of a whole day is beyond yalps's time, docs/decisions/0011), then pairs of whole
 * days once those gain nothing (with two-hour breaks the smallest first).
 */
export function exactRepair(
  model: Model,
  start: Lesson[],
  options: ExactRepairOptions,
): ExactRepairResult {
  let lessons = start;
  let daysSolved = 0, daysImproved = 0, daysTimedOut = 0;
  const timedOut = new Set<number>();
  const done = () => lessons.length >= options.target || !options.work.left();
  // Single days first; once a pass over them gains nothing, pairs of days (a lesson may have to
  // move to another day to make room: a student's needs and an instructor's week tie days).
  let width = 1;
  for (let pass = 0; !done(); pass++) {
    const days = daysByPromise(model, lessons);
    const candidates = width === 1
      ? singleDays(model, days, timedOut)
      : model.breakGap === 1
      ? dayPairs(model, lessons, days)
      : smallestFirst(model, dayPairs(model, lessons, days));
    // One pass over every neighbourhood, keeping each gain at once; another pass only after a
    // gain (restarting from the first neighbourhood after every gain re-solved the same fruitless
    // days again and again: 428 programmes for 23 lessons on a gross instance).
    let improved = false;
    for (const n of candidates) {
      if (lessons.length >= options.target || !options.work.spend()) break;
      daysSolved++;
      const result = solveDay(model, lessons, n, options);
      if (result === "timedout") {
        daysTimedOut++;
        if (!n.instructors && n.days.length === 1) timedOut.add(n.days[0]);
        continue;
      }
      if (result === null) continue;
      lessons = lessons.filter((l) => !inside(n, l)).concat(result);
      daysImproved++;
      improved = true;
      if (width > 1) break; // back to single days, which are cheaper
    }
    if (improved) width = 1;
    else if (width === 1) width = 2;
    else break;
  }
  return { lessons, daysSolved, daysImproved, daysTimedOut };
}

/**
 * Whole days where a whole day's programme is small (one-hour breaks: window rows), and groups of
 * a few instructors on one day where it is not (a whole day's programme covers every group of it).
 */
function singleDays(model: Model, days: number[], timedOut: Set<number>): Neighbourhood[] {
  const wholeDays = model.breakGap === 1 ? days.filter((d) => !timedOut.has(d)) : [];
  const out: Neighbourhood[] = wholeDays.map((d) => ({ days: [d], instructors: null }));
  for (const day of days.filter((d) => !wholeDays.includes(d))) {
    for (const group of instructorGroups(model, day, GROUP_SIZE)) {
      out.push({ days: [day], instructors: group });
    }
  }
  return out;
}

/**
 * Pairs of whole days, most promising first: day a where a student who misses lessons is free,
 * day b where the students taught on a in those hours are free too (their lesson may move from a
 * to b and leave the hour to the one who misses it), days of one week first (the instructor's
 * weekly limit ties them).
 */
function dayPairs(model: Model, lessons: Lesson[], promising: number[]): Neighbourhood[] {
  const { instance, days } = model;
  const got = countByStudent(model, lessons);
  const missing = instance.students.map((st, s) =>
    TRANSMISSIONS.some((t) => got[s][t] < st.needs[t])
  );
  const byDayHour = new Map<number, Lesson[]>();
  for (const l of lessons) {
    const k = slot(l.day, l.hour);
    if (!byDayHour.has(k)) byDayHour.set(k, []);
    byDayHour.get(k)!.push(l);
  }
  const scored: { days: number[]; score: number }[] = [];
  const seen = new Set<string>();
  for (const a of promising) {
    // Students taught on day a at hours where someone who misses lessons is free.
    const blockers = new Set<number>();
    for (let h = 0; h < 24; h++) {
      const k = slot(a, h);
      if (!instance.students.some((_, s) => missing[s] && model.studentFree[s][k])) continue;
      for (const l of byDayHour.get(k) ?? []) blockers.add(l.student);
    }
    for (let b = 0; b < days; b++) {
      if (a === b) continue;
      const key = a < b ? `${a}_${b}` : `${b}_${a}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let score = model.weekOfDay[a] === model.weekOfDay[b] ? 1000 : 0;
      for (const s of blockers) {
        if (model.studentDayCap[s][b] === 0) continue;
        for (let h = 0; h < 24; h++) score += model.studentFree[s][slot(b, h)];
      }
      if (score > 0) scored.push({ days: [a, b], score });
    }
  }
  scored.sort((x, y) => y.score - x.score);
  // Interleaved with the pairs of a promising day and the busiest days (the score misses moves
  // through an instructor's week or a chain of students; gross seed 305 gained only from these).
  const load = new Array(days).fill(0);
  for (const l of lessons) load[l.day]++;
  const busiest = [...Array(days).keys()].sort((x, y) => load[y] - load[x]);
  const byLoad = promising.flatMap((a) => busiest.filter((b) => b !== a).map((b) => [a, b]));
  const out: Neighbourhood[] = [];
  const taken = new Set<string>();
  for (let k = 0; k < Math.max(scored.length, byLoad.length); k++) {
    for (const pair of [scored[k]?.days, byLoad[k]]) {
      if (!pair) continue;
      const key = Math.min(...pair) + "_" + Math.max(...pair);
      if (taken.has(key)) continue;
      taken.add(key);
      out.push({ days: pair, instructors: null });
    }
  }
  return out;
}

/**
 * With two-hour breaks: pairs of whole days, the smallest programmes first (fewest free instructor
 * hours; a Saturday with a weekday takes 30-200 ms, two weekdays up to seconds), each within the
 * programme's time limit. The same few instructors on a pair of days (the previous neighbourhood)
 * gained nothing on mittel seeds 206, 306 and 406 in 12-17 s; whole pairs in this order reached
 * 580, 568 and 594 (the optimum) within 20 s (docs/decisions/0011).
 */
function smallestFirst(model: Model, pairs: Neighbourhood[]): Neighbourhood[] {
  const size = [...Array(model.days).keys()].map((d) => {
    let hours = 0;
    for (const free of model.instructorFree) for (let h = 0; h < 24; h++) hours += free[slot(d, h)];
    return hours;
  });
  const cost = (n: Neighbourhood) => n.days.reduce((sum, d) => sum + size[d], 0);
  // A day without free instructor hours adds nothing to its pair (that is a single day again).
  return pairs.filter((n) => n.days.every((d) => size[d] > 0)).map((n, order) => ({ n, order }))
    .sort((a, b) => cost(a.n) - cost(b.n) || a.order - b.order)
    .map((x) => x.n);
}

/** Instructors per group in the smaller neighbourhoods. */
const GROUP_SIZE = 3;

const inside = (n: Neighbourhood, l: Lesson) =>
  n.days.includes(l.day) && (n.instructors === null || n.instructors.has(l.instructor));

/**
 * Groups of `size` instructors working on day d, in two interleaved partitions (by index, and
 * shifted by half a group) so that neighbours of one group meet in another.
 */
function instructorGroups(model: Model, d: number, size: number): Set<number>[] {
  const working = model.instance.instructors.map((_, i) => i).filter((i) => {
    for (let h = 0; h < 24; h++) if (model.instructorFree[i][slot(d, h)]) return true;
    return false;
  });
  if (working.length <= size) return [];
  const groups: Set<number>[] = [];
  for (const shift of [0, Math.floor(size / 2) + 1]) {
    for (let k = shift; k < working.length + shift; k += size) {
      const group = new Set<number>();
      for (let j = k; j < k + size; j++) group.add(working[j % working.length]);
      groups.push(group);
    }
  }
  return groups;
}

/**
 * Days in the order they are tried: those where students who still miss lessons are free and some
 * instructor has room, most such (student, hour) pairs first.
 */
function daysByPromise(model: Model, lessons: Lesson[]): number[] {
  const { instance, days } = model;
  const got = countByStudent(model, lessons);
  const score = new Array(days).fill(0);
  instance.students.forEach((st, s) => {
    const missing = TRANSMISSIONS.some((t) => got[s][t] < st.needs[t]);
    if (!missing) return;
    for (let d = 0; d < days; d++) {
      if (model.studentDayCap[s][d] === 0) continue;
      for (let h = 0; h < 24; h++) score[d] += model.studentFree[s][slot(d, h)];
    }
  });
  return [...Array(days).keys()].filter((d) => score[d] > 0).sort((a, b) => score[b] - score[a]);
}

function countByStudent(model: Model, lessons: Lesson[]): Record<Transmission, number>[] {
  const got = model.instance.students.map(() => ({ manual: 0, automatic: 0 }));
  for (const l of lessons) got[l.student][l.transmission]++;
  return got;
}

/**
 * The neighbourhood's programme: every day of it at once, so that a lesson can move from one of
 * its days to another (a student's needs and an instructor's week tie days together). Returns the
 * neighbourhood's new lessons when they are more than the old ones, null when not, "timedout" when
 * yalps ran out of iterations (or the run out of time).
 */
function solveDay(
  model: Model,
  lessons: Lesson[],
  n: Neighbourhood,
  options: ExactRepairOptions,
): Lesson[] | null | "timedout" {
  const { today, y, z, constraints, variables, integers } = neighbourhoodProgramme(
    model,
    lessons,
    n,
    options.minShare,
  );
  // Students whose floor cannot be met here in any way make the programme infeasible: leave it.
  const solution = solve({
    direction: "maximize",
    objective: "obj",
    constraints,
    variables,
    integers,
  }, {
    maxIterations: options.iterations ?? WORK_BUDGET.exactIterationsPerNeighbourhood,
    // The safety net only (work_budget.ts): without a time limit, none.
    timeout: options.work.safety.remainingMs(),
    tolerance: 0,
  });
  if (solution.status === "timedout") {
    options.work.safety.expired(); // a cut by the time limit is recorded as such
    return "timedout";
  }
  if (solution.status !== "optimal") return null;
  if (Math.round(solution.result) <= today.length) return null;
  // Whole lessons only (see neighbourhoodProgramme; checked, never assumed).
  if (
    solution.variables.some(([k, v]) => !k.startsWith("a") && Math.abs(v - Math.round(v)) > 1e-6)
  ) {
    return null;
  }
  const chosen = new Set(solution.variables.filter(([, v]) => v > 0.5).map(([k]) => k));
  const teachers = new Map<string, number[]>();
  for (const zz of z) {
    if (!chosen.has(zz.key)) continue;
    const k = `${zz.day}_${zz.hour}${zz.t}`;
    if (!teachers.has(k)) teachers.set(k, []);
    teachers.get(k)!.push(zz.instructor);
  }
  const out: Lesson[] = [];
  for (const yy of y) {
    if (!chosen.has(yy.key)) continue;
    const instructor = teachers.get(`${yy.day}_${yy.hour}${yy.t}`)?.pop();
    if (instructor === undefined) return null; // should not happen: the hour's rows match them
    out.push({ student: yy.student, instructor, transmission: yy.t, day: yy.day, hour: yy.hour });
  }
  return out;
}

/**
 * The mixed-integer programme of a neighbourhood (maximise "obj", the lessons inside it) with every
 * hard rule, the lessons outside it fixed: the variables and rows are the rulebook's
 * (rules/rulebook.ts, each rule's `exactRows`, the same the HiGHS model of the bench is written
 * from); only the objective and the floor of the lowest share are the repair's own. With no
 * lessons and every day and instructor inside, it is the whole hard model.
 */
export function neighbourhoodProgramme(
  model: Model,
  lessons: Lesson[],
  n: Neighbourhood,
  minShare: number,
) {
  const { instance } = model;
  const today = lessons.filter((l) => inside(n, l));
  const elsewhere = lessons.filter((l) => !inside(n, l));
  const got = countByStudent(model, elsewhere);
  const scope = { days: n.days, instructors: n.instructors, kept: elsewhere };
  const { y, z } = exactVariables(model, scope, {
    y: (v) => `y${v.student}_${v.day}_${v.hour}_${v.t[0]}`,
    z: (v) => `z${v.instructor}_${v.day}_${v.hour}_${v.t[0]}`,
  });
  const { rows, auxiliary } = exactRows(model, scope, { y, z });
  const constraints = new Map<string, Constraint>();
  const variables = new Map<string, [string, number][]>();
  for (const v of y) variables.set(v.key, [["obj", 1], [`sf${v.student}`, 1]]);
  for (const v of [...z, ...auxiliary.map((key) => ({ key }))]) variables.set(v.key, []);
  for (const r of rows) {
    constraints.set(r.name, r.bound);
    for (const [key, c] of r.terms) variables.get(key)!.push([r.name, c]);
  }
  // The repair's own rows: nobody below the plan's lowest share.
  instance.students.forEach((st, s) => {
    const floor = Math.ceil(minShare * (st.needs.manual + st.needs.automatic) - 1e-9);
    const have = got[s].manual + got[s].automatic;
    if (floor > have) constraints.set(`sf${s}`, { min: floor - have });
  });
  // The automaton's arcs may stay continuous: with whole lessons their flow is one path. So may
  // the lessons of a student with one transmission: once the instructors' hours are whole, their
  // rows (hour within day within need, and one row per hour and transmission) form two nested
  // families, a network matrix, whose vertices are whole. Only branching on the instructor side
  // halved the time per programme (gross with scarce vehicles: 113 instead of 55 in 2 s).
  const bothTransmissions = new Set<number>();
  instance.students.forEach((st, s) => {
    if (st.needs.manual > 0 && st.needs.automatic > 0) bothTransmissions.add(s);
  });
  const integers = [
    ...y.filter((v) => bothTransmissions.has(v.student)).map((v) => v.key),
    ...z.map((v) => v.key),
  ];
  return { today, y, z, constraints, variables, integers };
}
