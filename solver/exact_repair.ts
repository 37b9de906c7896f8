/**
 * Exact repair where the flow's plan stays below the upper bound: a large-neighbourhood search
 * whose neighbourhood is one day. All lessons of other days stay as they are; the day is solved
 * again as a mixed-integer programme (yalps) with every hard rule of that day exact: needs left
 * after the other days, a student's lessons per day and hour, vehicles per hour and transmission,
 * an instructor's hour, day and remaining week, and the break rule (one or two free hours, fixed
 * appointments counted). The day's new solution replaces the old one only with more lessons, and
 * no student may fall below the plan's lowest share, so lessons and fairness never get worse.
 */
import { type Constraint, solve } from "yalps";
import type { Lesson } from "./assign.ts";
import type { Transmission } from "./instance.ts";
import { type Model, slot } from "./model.ts";
import { TRANSMISSIONS } from "./rules/needs.ts";
import { canTeach } from "./rules/qualification.ts";

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

/** One neighbourhood: a day, and the instructors whose lessons that day may change (null: all). */
interface Neighbourhood {
  day: number;
  instructors: Set<number> | null;
}

/**
 * Re-solves neighbourhoods exactly while lessons are below `target` and time is left: whole days
 * first (fast with the one-hour break rule), then groups of a few instructors on one day (the
 * two-hour break rule's programme of a whole day is beyond yalps's time, docs/decisions/0011).
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
  for (let pass = 0; !done(); pass++) {
    const days = daysByPromise(model, lessons);
    // A whole day's programme is small with the one-hour break rule only (window rows).
    const wholeDays = model.breakGap === 1 ? days.filter((d) => !timedOut.has(d)) : [];
    const candidates: Neighbourhood[] = wholeDays.map((day) => ({ day, instructors: null }));
    // Groups of instructors where a whole day is out of reach (a whole day's programme covers
    // every group of it).
    for (const day of days.filter((d) => !wholeDays.includes(d))) {
      for (const group of instructorGroups(model, day, GROUP_SIZE)) {
        candidates.push({ day, instructors: group });
      }
    }
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
        if (!n.instructors) timedOut.add(n.day);
        continue;
      }
      if (result === null) continue;
      lessons = lessons.filter((l) => !inside(n, l)).concat(result);
      daysImproved++;
      improved = true;
    }
    if (!improved) break;
  }
  return { lessons, daysSolved, daysImproved, daysTimedOut };
}

/** Instructors per group in the smaller neighbourhoods. */
const GROUP_SIZE = 3;

const inside = (n: Neighbourhood, l: Lesson) =>
  l.day === n.day && (n.instructors === null || n.instructors.has(l.instructor));

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
 * The day's programme. Returns the day's new lessons when they are more than the old ones, null
 * when not, "timedout" when yalps ran out of time.
 */
function solveDay(
  model: Model,
  lessons: Lesson[],
  n: Neighbourhood,
  options: ExactRepairOptions,
): Lesson[] | null | "timedout" {
  const { instance } = model;
  const d = n.day;
  const week = model.weekOfDay[d];
  const today = lessons.filter((l) => inside(n, l));
  const elsewhere = lessons.filter((l) => !inside(n, l));
  const got = countByStudent(model, elsewhere);
  const weekUsed = new Array(instance.instructors.length).fill(0);
  for (const l of elsewhere) if (model.weekOfDay[l.day] === week) weekUsed[l.instructor]++;
  // What the lessons kept on this day (other instructors') take: student hours and day cap,
  // vehicles per hour.
  const keptToday = elsewhere.filter((l) => l.day === d);
  const studentBusy = new Set(keptToday.map((l) => `${l.student}_${l.hour}`));
  const studentToday = new Array(instance.students.length).fill(0);
  const vehiclesUsed = new Map<string, number>();
  for (const l of keptToday) {
    studentToday[l.student]++;
    const k = `${l.hour}${l.transmission}`;
    vehiclesUsed.set(k, (vehiclesUsed.get(k) ?? 0) + 1);
  }
  const free = (i: number) => n.instructors === null || n.instructors.has(i);

  const constraints = new Map<string, Constraint>();
  const variables = new Map<string, [string, number][]>();
  const y: { key: string; student: number; hour: number; t: Transmission }[] = [];
  const z: { key: string; instructor: number; hour: number; t: Transmission }[] = [];
  const vehicles = (t: Transmission, h: number) =>
    model.vehicleCap
      ? model.vehicleCap[t][slot(d, h)] - (vehiclesUsed.get(`${h}${t}`) ?? 0)
      : Infinity;

  // Instructors: hour, day, remaining week, break rule.
  const teachable = instance.instructors.map((ins, i) => {
    if (!free(i)) return [] as number[];
    const room = Math.min(
      model.instructorDayCap[i][d],
      model.instructorWeekCap[i][week] - weekUsed[i],
    );
    if (room <= 0) return [] as number[];
    constraints.set(`id${i}`, { max: room });
    const hours: number[] = [];
    for (let h = 0; h < 24; h++) {
      if (!model.instructorFree[i][slot(d, h)]) continue;
      hours.push(h);
      constraints.set(`ih${i}_${h}`, { max: 1 });
      for (const t of TRANSMISSIONS) {
        if (!canTeach(ins, t) || vehicles(t, h) <= 0) continue;
        const key = `z${i}_${h}_${t[0]}`;
        z.push({ key, instructor: i, hour: h, t });
        variables.set(key, [[`id${i}`, 1], [`ih${i}_${h}`, 1], [`m${h}${t[0]}`, -1], [
          `v${h}${t[0]}`,
          1,
        ]]);
      }
    }
    return hours;
  });
  const breaks = breakRule(model, d, teachable);
  for (const [name, c] of breaks.constraints) constraints.set(name, c);
  for (const [key, coefficients] of breaks.arcs) variables.set(key, coefficients);
  for (const zz of z) {
    for (const name of breaks.hourRows.get(`${zz.instructor}_${zz.hour}`) ?? []) {
      variables.get(zz.key)!.push([name, 1]);
    }
  }

  const teacherAt = Array.from({ length: 24 }, (_, h) => teachable.some((hs) => hs.includes(h)));
  // Students: needs left, day cap, one lesson an hour, never below the lowest share.
  instance.students.forEach((st, s) => {
    const cap = model.studentDayCap[s][d] - studentToday[s];
    const need = st.needs.manual + st.needs.automatic;
    const floor = Math.ceil(options.minShare * need - 1e-9);
    const have = got[s].manual + got[s].automatic;
    if (floor > have) constraints.set(`sf${s}`, { min: floor - have });
    if (cap <= 0) return;
    constraints.set(`sd${s}`, { max: cap });
    for (const t of TRANSMISSIONS) {
      const left = st.needs[t] - got[s][t];
      if (left <= 0) continue;
      constraints.set(`sn${s}${t[0]}`, { max: left });
      for (let h = 0; h < 24; h++) {
        if (!model.studentFree[s][slot(d, h)] || vehicles(t, h) <= 0) continue;
        if (studentBusy.has(`${s}_${h}`) || !teacherAt[h]) continue;
        const key = `y${s}_${h}_${t[0]}`;
        y.push({ key, student: s, hour: h, t });
        constraints.set(`sh${s}_${h}`, { max: 1 });
        variables.set(key, [["obj", 1], [`sd${s}`, 1], [`sn${s}${t[0]}`, 1], [`sh${s}_${h}`, 1], [
          `m${h}${t[0]}`,
          1,
        ], [`sf${s}`, 1]]);
      }
    }
  });
  for (let h = 0; h < 24; h++) {
    for (const t of TRANSMISSIONS) {
      constraints.set(`m${h}${t[0]}`, { equal: 0 });
      if (model.vehicleCap) constraints.set(`v${h}${t[0]}`, { max: vehicles(t, h) });
    }
  }
  // Students whose floor cannot be met today in any way make the day infeasible: leave it.
  const solution = solve({
    direction: "maximize",
    objective: "obj",
    constraints,
    variables,
    // The automaton's arcs may stay continuous: with whole lessons their flow is one path.
    integers: [...y.map((v) => v.key), ...z.map((v) => v.key)],
  }, { timeout: options.dayTimeoutMs ?? 200, tolerance: 0 });
  if (solution.status === "timedout") return "timedout";
  if (solution.status !== "optimal") return null;
  if (Math.round(solution.result) <= today.length) return null;
  const chosen = new Set(solution.variables.filter(([, v]) => v > 0.5).map(([k]) => k));
  const teachers = new Map<string, number[]>();
  for (const zz of z) {
    if (!chosen.has(zz.key)) continue;
    const k = `${zz.hour}${zz.t}`;
    if (!teachers.has(k)) teachers.set(k, []);
    teachers.get(k)!.push(zz.instructor);
  }
  const out: Lesson[] = [];
  for (const yy of y) {
    if (!chosen.has(yy.key)) continue;
    const instructor = teachers.get(`${yy.hour}${yy.t}`)?.pop();
    if (instructor === undefined) return null; // should not happen: the hour's rows match them
    out.push({ student: yy.student, instructor, transmission: yy.t, day: d, hour: yy.hour });
  }
  return out;
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
        const name = `b${i}_${from}`;
        constraints.set(name, { max: Math.max(0, L - fixed) });
        for (let h = from; h <= from + L; h++) if (free.has(h)) enter(i, h, name);
      }
      return;
    }
    let first = 24, last = -1;
    for (let h = 0; h < 24; h++) {
      if (busy(h)) {
        first = Math.min(first, h);
        last = h;
      }
    }
    const key = (c: number, e: number) => `${c}.${e}`;
    const row = (h: number, state: string) => `n${i}_${h}_${state}`;
    const startRow = `n${i}_start`;
    constraints.set(startRow, { equal: 1 });
    let states = new Set([key(0, gap)]);
    for (let h = first; h <= last; h++) {
      const next = new Set<string>();
      if (free.has(h)) {
        enter(i, h, `x${i}_${h}`);
        constraints.set(`x${i}_${h}`, { equal: 0 });
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
            if (free.has(h)) coefficients.push([`x${i}_${h}`, -1]);
            arcs.set(`a${i}_${h}_${state}_t`, coefficients);
          }
        }
        if (!fixedAt(h)) {
          const e1 = Math.min(e + 1, gap);
          const to = key(e1 >= gap ? 0 : c, e1);
          next.add(to);
          arcs.set(`a${i}_${h}_${state}_f`, [out, [row(h + 1, to), 1]]);
        }
      }
      if (h < last) { for (const state of next) constraints.set(row(h + 1, state), { equal: 0 }); }
      states = next;
    }
  });
  return { constraints, arcs, hourRows };
}
