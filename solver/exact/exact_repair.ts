/**
 * Exact repair where the flow's plan stays below the upper bound: a large-neighbourhood search
 * whose neighbourhood is one day (with two-hour breaks: a few instructors on it) or a pair of days. All lessons outside stay as they are; the neighbourhood is solved again as a
 * mixed-integer programme (yalps) with every hard rule in it exact: needs left after the lessons
 * outside, a student's lessons per day and hour, vehicles per hour and transmission, an
 * instructor's hour, day and remaining week, and the break rule (one or two free hours, fixed
 * appointments counted). The new solution replaces the old one only with more lessons, and no
 * student may fall below the plan's lowest share, so lessons and fairness never get worse.
 */
import { type Constraint, solve } from "yalps";
import type { Lesson } from "../flow/assign.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import { canTeach } from "../rules/qualification.ts";
import { lessonRuns } from "../rules/break_after_hours.ts";

export interface ExactRepairOptions {
  /** performance.now() after which no further day is tried. */
  deadline: number;
  /** Stop once the plan has this many lessons (the upper bound: nothing more is possible). */
  target: number;
  /** The lowest share no student may fall below. */
  minShare: number;
  /** Time for one day's programme, in milliseconds. */
  dayTimeoutMs?: number;
}

export interface ExactRepairResult {
  lessons: Lesson[];
  daysSolved: number;
  daysImproved: number;
  /** Days whose programme yalps did not finish in time. */
  daysTimedOut: number;
}

/** One neighbourhood: its days, and the instructors whose lessons then may change (null: all). */
export interface Neighbourhood {
  days: number[];
  instructors: Set<number> | null;
}

/**
 * Re-solves neighbourhoods exactly while lessons are below `target` and time is left: whole days
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
  const done = () => lessons.length >= options.target || performance.now() >= options.deadline;
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
      if (done()) break;
      daysSolved++;
      const timeout = Math.min(
        options.dayTimeoutMs ?? 200,
        Math.max(1, options.deadline - performance.now()),
      );
      const result = solveDay(model, lessons, n, { ...options, dayTimeoutMs: timeout });
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
 * yalps ran out of time.
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
  }, { timeout: options.dayTimeoutMs ?? 200, tolerance: 0 });
  if (solution.status === "timedout") return "timedout";
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
 * hard rule, the lessons outside it fixed. With no lessons and every day and instructor inside,
 * it is the whole hard model (bound_lp.ts relaxes it for an upper bound).
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
  const inDays = new Set(n.days);
  const weekUsed = new Map<string, number>();
  for (const l of elsewhere) {
    const k = `${l.instructor}_${model.weekOfDay[l.day]}`;
    weekUsed.set(k, (weekUsed.get(k) ?? 0) + 1);
  }
  // What the lessons kept on these days (other instructors') take: student hours and day cap,
  // vehicles per hour.
  const keptToday = elsewhere.filter((l) => inDays.has(l.day));
  const studentBusy = new Set(keptToday.map((l) => `${l.student}_${l.day}_${l.hour}`));
  const studentToday = new Map<string, number>();
  const vehiclesUsed = new Map<string, number>();
  for (const l of keptToday) {
    const sk = `${l.student}_${l.day}`;
    studentToday.set(sk, (studentToday.get(sk) ?? 0) + 1);
    const k = `${l.day}_${l.hour}${l.transmission}`;
    vehiclesUsed.set(k, (vehiclesUsed.get(k) ?? 0) + 1);
  }
  const free = (i: number) => n.instructors === null || n.instructors.has(i);
  const bothTransmissions = new Set<number>();
  instance.students.forEach((st, s) => {
    if (st.needs.manual > 0 && st.needs.automatic > 0) bothTransmissions.add(s);
  });

  const constraints = new Map<string, Constraint>();
  const variables = new Map<string, [string, number][]>();
  const y: { key: string; student: number; day: number; hour: number; t: Transmission }[] = [];
  const z: { key: string; instructor: number; day: number; hour: number; t: Transmission }[] = [];
  const vehicles = (d: number, t: Transmission, h: number) =>
    model.vehicleCap
      ? model.vehicleCap[t][slot(d, h)] - (vehiclesUsed.get(`${d}_${h}${t}`) ?? 0)
      : Infinity;

  const teacherAt = new Set<string>();
  for (const d of n.days) {
    const week = model.weekOfDay[d];
    // Instructors: hour, day, remaining week, break rule.
    const teachable = instance.instructors.map((ins, i) => {
      if (!free(i)) return [] as number[];
      const weekRow = `iw${i}_${week}`;
      const weekRoom = model.instructorWeekCap[i][week] - (weekUsed.get(`${i}_${week}`) ?? 0);
      const room = Math.min(model.instructorDayCap[i][d], weekRoom);
      if (room <= 0) return [] as number[];
      constraints.set(`id${i}_${d}`, { max: room });
      constraints.set(weekRow, { max: weekRoom });
      const hours: number[] = [];
      for (let h = 0; h < 24; h++) {
        if (!model.instructorFree[i][slot(d, h)]) continue;
        hours.push(h);
        constraints.set(`ih${i}_${d}_${h}`, { max: 1 });
        for (const t of TRANSMISSIONS) {
          if (!canTeach(ins, t) || vehicles(d, t, h) <= 0) continue;
          const key = `z${i}_${d}_${h}_${t[0]}`;
          z.push({ key, instructor: i, day: d, hour: h, t });
          teacherAt.add(`${d}_${h}`);
          variables.set(key, [
            [`id${i}_${d}`, 1],
            [weekRow, 1],
            [`ih${i}_${d}_${h}`, 1],
            [`m${d}_${h}${t[0]}`, -1],
            [`v${d}_${h}${t[0]}`, 1],
          ]);
        }
      }
      return hours;
    });
    const breaks = breakRule(model, d, teachable);
    for (const [name, c] of breaks.constraints) constraints.set(name, c);
    for (const [key, coefficients] of breaks.arcs) variables.set(key, coefficients);
    for (const zz of z) {
      if (zz.day !== d) continue;
      for (const name of breaks.hourRows.get(`${zz.instructor}_${zz.hour}`) ?? []) {
        variables.get(zz.key)!.push([name, 1]);
      }
    }
  }

  // Students: needs left, day cap, one lesson an hour, never below the lowest share.
  instance.students.forEach((st, s) => {
    const need = st.needs.manual + st.needs.automatic;
    const floor = Math.ceil(minShare * need - 1e-9);
    const have = got[s].manual + got[s].automatic;
    if (floor > have) constraints.set(`sf${s}`, { min: floor - have });
    for (const t of TRANSMISSIONS) {
      const left = st.needs[t] - got[s][t];
      if (left > 0) constraints.set(`sn${s}${t[0]}`, { max: left });
    }
    for (const d of n.days) {
      const cap = model.studentDayCap[s][d] - (studentToday.get(`${s}_${d}`) ?? 0);
      if (cap <= 0) continue;
      constraints.set(`sd${s}_${d}`, { max: cap });
      for (const t of TRANSMISSIONS) {
        if (st.needs[t] - got[s][t] <= 0) continue;
        for (let h = 0; h < 24; h++) {
          if (!model.studentFree[s][slot(d, h)] || vehicles(d, t, h) <= 0) continue;
          if (studentBusy.has(`${s}_${d}_${h}`) || !teacherAt.has(`${d}_${h}`)) continue;
          const key = `y${s}_${d}_${h}_${t[0]}`;
          y.push({ key, student: s, day: d, hour: h, t });
          constraints.set(`sh${s}_${d}_${h}`, { max: 1 });
          variables.set(key, [
            ["obj", 1],
            [`sd${s}_${d}`, 1],
            [`sn${s}${t[0]}`, 1],
            [`sh${s}_${d}_${h}`, 1],
            [`m${d}_${h}${t[0]}`, 1],
            [`sf${s}`, 1],
          ]);
        }
      }
    }
  });
  for (const d of n.days) {
    for (let h = 0; h < 24; h++) {
      for (const t of TRANSMISSIONS) {
        constraints.set(`m${d}_${h}${t[0]}`, { equal: 0 });
        if (model.vehicleCap) constraints.set(`v${d}_${h}${t[0]}`, { max: vehicles(d, t, h) });
      }
    }
  }
  // The automaton's arcs may stay continuous: with whole lessons their flow is one path. So may
  // the lessons of a student with one transmission: once the instructors' hours are whole, their
  // rows (hour within day within need, and one row per hour and transmission) form two nested
  // families, a network matrix, whose vertices are whole. Only branching on the instructor side
  // halved the time per programme (gross with scarce vehicles: 113 instead of 55 in 2 s).
  const integers = [
    ...y.filter((v) => bothTransmissions.has(v.student)).map((v) => v.key),
    ...z.map((v) => v.key),
  ];
  return { today, y, z, constraints, variables, integers };
}

/**
 * The break rule of one instructor day, exact. With one free hour as the break: window rows. With
 * two, as a path through a small automaton: its state
 * after an hour is (lessons in the current run, free hours since the last lesson, capped at the
 * gap that ends a run). A lesson is an arc only from states whose run has room; one unit of flow
 * runs from the first to the last busy hour, and the flow on an hour's lesson arcs equals the
 * instructor's lessons then. For whole hours the automaton is deterministic, so a plan passes iff
 * its runs are valid; unlike window rows with a big coefficient, the programme's LP relaxation is
 * tight (a day of three instructors with two-hour breaks: 60 ms instead of over 10 s in yalps).
 * Fixed lessons are hours with a lesson arc only; hours nobody can teach have a free arc only.
 */
function breakRule(model: Model, d: number, teachable: number[][]) {
  const L = model.breakLimit, gap = model.breakGap;
  const constraints = new Map<string, Constraint>();
  const arcs = new Map<string, [string, number][]>();
  /** Rows per (instructor, hour) that the hour's z variables enter with coefficient 1. */
  const hourRows = new Map<string, string[]>();
  const enter = (i: number, h: number, name: string) => {
    const k = `${i}_${h}`;
    if (!hourRows.has(k)) hourRows.set(k, []);
    hourRows.get(k)!.push(name);
  };
  teachable.forEach((hours, i) => {
    if (hours.length === 0) return;
    const free = new Set(hours);
    const fixedAt = (h: number) => model.instructorFixed[i][slot(d, h)] === 1;
    const busy = (h: number) => free.has(h) || fixedAt(h);
    if (gap === 1) {
      // One free hour ends a run: at most L lessons in any L+1 hours in a row is exact, and these
      // rows keep a whole day's programme small enough for yalps.
      for (let from = 0; from + L < 24; from++) {
        let fixed = 0, mine = 0;
        for (let h = from; h <= from + L; h++) {
          if (fixedAt(h)) fixed++;
          else if (free.has(h)) mine++;
        }
        if (mine === 0 || mine + fixed <= L) continue;
        const name = `b${i}_${d}_${from}`;
        constraints.set(name, { max: Math.max(0, L - fixed) });
        for (let h = from; h <= from + L; h++) if (free.has(h)) enter(i, h, name);
      }
      return;
    }
    // Stretches of busy hours that `gap` free hours keep apart are independent: an automaton for
    // each stretch with hours to decide, none for stretches of fixed lessons only (already valid).
    const busyHours = [...Array(24).keys()].filter(busy);
    for (const stretch of lessonRuns(busyHours, gap)) {
      if (!stretch.some((h) => free.has(h))) continue;
      automaton(i, stretch[0], stretch[stretch.length - 1], free, fixedAt, busy);
    }
  });
  function automaton(
    i: number,
    first: number,
    last: number,
    free: Set<number>,
    fixedAt: (h: number) => boolean,
    busy: (h: number) => boolean,
  ) {
    const key = (c: number, e: number) => `${c}.${e}`;
    const row = (h: number, state: string) => `n${i}_${d}_${h}_${state}`;
    const startRow = `n${i}_${d}_start${first}`;
    constraints.set(startRow, { equal: 1 });
    let states = new Set([key(0, gap)]);
    for (let h = first; h <= last; h++) {
      const next = new Set<string>();
      if (free.has(h)) {
        enter(i, h, `x${i}_${d}_${h}`);
        constraints.set(`x${i}_${d}_${h}`, { equal: 0 });
      }
      for (const state of states) {
        const [c, e] = state.split(".").map(Number);
        const out: [string, number] = h === first ? [startRow, 1] : [row(h, state), -1];
        if (busy(h)) {
          const c1 = e >= gap ? 1 : c + 1;
          if (c1 <= L) {
            const to = key(c1, 0);
            next.add(to);
            const coefficients: [string, number][] = [out, [row(h + 1, to), 1]];
            if (free.has(h)) coefficients.push([`x${i}_${d}_${h}`, -1]);
            arcs.set(`a${i}_${d}_${h}_${state}_t`, coefficients);
          }
        }
        if (!fixedAt(h)) {
          const e1 = Math.min(e + 1, gap);
          const to = key(e1 >= gap ? 0 : c, e1);
          next.add(to);
          arcs.set(`a${i}_${d}_${h}_${state}_f`, [out, [row(h + 1, to), 1]]);
        }
      }
      if (h < last) { for (const state of next) constraints.set(row(h + 1, state), { equal: 0 }); }
      states = next;
    }
  }
  return { constraints, arcs, hourRows };
}
