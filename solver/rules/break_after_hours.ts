/** Hard rule: at most breakAfterHours lessons in a row per instructor; above 60 break minutes it takes two free hours to end a row. */
import {
  type Bound,
  type ExactProblem,
  groupBy,
  type HardRule,
  ones,
  type TeachVar,
  type Violation,
} from "./rule.ts";

/** Free hours in a row that end a run of lessons. */
export function freeHoursForBreak(minBreakMinutes: number): number {
  return minBreakMinutes > 60 ? 2 : 1;
}

/** Groups sorted lesson hours into runs: a run ends at `gap` free hours in a row. */
export function lessonRuns(hours: number[], gap: number): number[][] {
  const sorted = [...hours].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const h of sorted) {
    const run = runs.at(-1);
    if (run && h - run[run.length - 1] - 1 < gap) run.push(h);
    else runs.push([h]);
  }
  return runs;
}

/** Runs with more than `limit` lessons. */
export function overlongRuns(hours: number[], limit: number, gap: number): number[][] {
  return lessonRuns(hours, gap).filter((run) => run.length > limit);
}

/**
 * Windows [from, to) of limit+gap consecutive hours, laid over each stretch of possible hours from
 * its end backwards (lessons crowd into the late hours, where students are free).
 * Any valid day has at most `limit` lessons in such a window, so the flow may cap each window at
 * `limit` without losing a valid plan; stretches split where `gap` impossible hours break every run.
 */
export function breakWindows(possible: boolean[], limit: number, gap: number): [number, number][] {
  const width = limit + gap;
  const windows: [number, number][] = [];
  const hours = possible.flatMap((p, h) => (p ? [h] : []));
  for (const stretch of lessonRuns(hours, gap)) {
    if (stretch.length <= limit) continue;
    const first = stretch[0], last = stretch[stretch.length - 1];
    for (let to = last + 1; to > first; to -= width) {
      windows.push([Math.max(first, to - width), to]);
    }
  }
  return windows;
}

/** True when no run of busy hours (bit h of `mask`; ended by `gap` free hours) is longer than `limit`. */
export function runsFit(mask: number, limit: number, gap: number): boolean {
  let run = 0, idle = gap;
  for (let h = 0; h < 24; h++) {
    if (mask & (1 << h)) {
      run = idle >= gap ? 1 : run + 1;
      if (run > limit) return false;
      idle = 0;
    } else idle++;
  }
  return true;
}

/** German sentence of the rule, also the reason for missing lessons. */
const sentence = (limit: number) =>
  `Pausenregel: Fahrlehrer dürfen höchstens ${limit} Stunden am Stück fahren.`;

/**
 * The rule for the rest of the planner. The flow network only relaxes it with break windows
 * (`breakWindows` above, flow/network.ts) and routing/repair.ts closes an hour of every run that
 * is still too long; the search over allowed sets of hours (routing/break_patterns.ts) and the
 * instructors' fair routing (flow/instructor_fairness.ts, `runsFit`) enumerate sets of hours the
 * rule allows.
 */
export const breakAfterHours: HardRule = {
  id: "break_after_hours",
  germanName: "Pausenregel",
  side: "instructor",
  violations(model, lessons) {
    const byDay = groupBy(lessons, (l) => `${l.instructor}_${l.day}`);
    const out: Violation[] = [];
    for (const list of byDay.values()) {
      const { instructor: i, day: d } = list[0];
      const mine = new Set(list.map((l) => l.hour));
      const fixed = [...Array(24).keys()].filter((h) => model.instructorFixed[i][d * 24 + h]);
      for (const run of overlongRuns([...mine, ...fixed], model.breakLimit, model.breakGap)) {
        if (!run.some((h) => mine.has(h))) continue; // fixed alone: trusted as they are
        out.push({
          rule: "break_after_hours",
          message: `${model.instance.instructors[i].id} am ${model.dates[d]}: ${run.length} ` +
            `Fahrstunden am Stück ab ${run[0]} Uhr. ${sentence(model.breakLimit)}`,
        });
      }
    }
    return out;
  },
  tracker(model) {
    const H = model.days * 24, limit = model.breakLimit, gap = model.breakGap;
    // Lessons (fixed and new) per instructor and slot.
    const busy = new Int32Array(model.instance.instructors.length * H);
    model.instructorFixed.forEach((g, i) => g.forEach((x, k) => (busy[i * H + k] = x)));
    return {
      add: (l) => void busy[l.instructor * H + l.day * 24 + l.hour]++,
      remove: (l) => void busy[l.instructor * H + l.day * 24 + l.hour]--,
      // The run the lesson would join: busy hours on both sides until `gap` free ones.
      fits(l) {
        const base = l.instructor * H + l.day * 24;
        let run = 1;
        for (let h = l.hour - 1, free = 0; h >= 0 && free < gap; h--) {
          if (busy[base + h] > 0) (run++, free = 0);
          else free++;
        }
        for (let h = l.hour + 1, free = 0; h < 24 && free < gap; h++) {
          if (busy[base + h] > 0) (run++, free = 0);
          else free++;
        }
        return run <= limit;
      },
    };
  },
  exactRows(p) {
    const byDay = groupBy(p.z, (v) => `${v.instructor}_${v.day}`);
    const kept = new Set(p.kept.map((l) => `${l.instructor}_${l.day}_${l.hour}`));
    for (const zs of byDay.values()) {
      const { instructor: i, day: d } = zs[0];
      const taught = groupBy(zs, (v) => String(v.hour));
      const fixedAt = (h: number) =>
        p.model.instructorFixed[i][d * 24 + h] === 1 || kept.has(`${i}_${d}_${h}`);
      exactDay(p, i, d, (h) => taught.get(String(h)) ?? [], fixedAt);
    }
  },
  reason: (s) => sentence(s.breakAfterHours),
};

/**
 * The rule on one instructor day, exact. With one free hour as the break: "at most L lessons in
 * any L+1 hours in a row" (window rows; they keep a whole day's programme small enough for
 * yalps). With two, a path through a small automaton: its state after an hour is (lessons in the
 * current run, free hours since the last lesson, capped at the gap that ends a run). A lesson is an
 * arc only from states whose run has room; one unit of flow runs from the first to the last busy
 * hour of each stretch, and the flow on an hour's lesson arcs equals the instructor's lessons then.
 * For whole hours the automaton is deterministic, so a plan passes iff its runs are valid; unlike
 * window rows with a big coefficient, the LP relaxation is tight (a day of three instructors with
 * two-hour breaks: 60 ms instead of over 10 s in yalps; HiGHS did not prove mittel instances with
 * window rows in 60 s). Fixed lessons are hours with a lesson arc only; hours nobody can teach have
 * a free arc only; the arcs are continuous (with whole lessons their flow is one path).
 */
function exactDay(
  p: ExactProblem,
  i: number,
  d: number,
  taught: (h: number) => readonly TeachVar[],
  fixedAt: (h: number) => boolean,
): void {
  const L = p.model.breakLimit, gap = p.model.breakGap;
  const free = (h: number) => taught(h).length > 0;
  const busy = (h: number) => free(h) || fixedAt(h);
  if (gap === 1) {
    for (let from = 0; from + L < 24; from++) {
      let fixed = 0, mine = 0;
      for (let h = from; h <= from + L; h++) {
        if (fixedAt(h)) fixed++;
        else if (free(h)) mine++;
      }
      if (mine === 0 || mine + fixed <= L) continue;
      const terms: [string, number][] = [];
      for (let h = from; h <= from + L; h++) if (!fixedAt(h)) terms.push(...ones(taught(h)));
      p.row(`b${i}_${d}_${from}`, terms, { max: Math.max(0, L - fixed) });
    }
    return;
  }
  // Stretches of busy hours that `gap` free hours keep apart are independent: an automaton for
  // each stretch with hours to decide, none for stretches of fixed lessons only (already valid).
  const busyHours = [...Array(24).keys()].filter(busy);
  for (const stretch of lessonRuns(busyHours, gap)) {
    if (!stretch.some((h) => free(h) && !fixedAt(h))) continue;
    automaton(stretch[0], stretch[stretch.length - 1]);
  }
  function automaton(first: number, last: number) {
    const key = (c: number, e: number) => `${c}_${e}`;
    const stateRow = (h: number, state: string) => `n${i}_${d}_${h}_${state}`;
    // Rows as terms, emitted once every arc is known.
    const rows = new Map<string, { terms: [string, number][]; bound: Bound }>();
    const term = (row: string, v: string, c: number) => rows.get(row)!.terms.push([v, c]);
    const startRow = `n${i}_${d}_start${first}`;
    rows.set(startRow, { terms: [], bound: { equal: 1 } });
    let states = new Set([key(0, gap)]);
    for (let h = first; h <= last; h++) {
      const next = new Set<string>();
      const lessonRow = `x${i}_${d}_${h}`;
      const decide = free(h) && !fixedAt(h);
      if (decide) rows.set(lessonRow, { terms: ones(taught(h)), bound: { equal: 0 } });
      for (const state of states) {
        const [c, e] = state.split("_").map(Number);
        const leave = (arc: string) =>
          h === first ? term(startRow, arc, 1) : term(stateRow(h, state), arc, -1);
        if (busy(h)) {
          const c1 = e >= gap ? 1 : c + 1;
          if (c1 <= L) {
            const to = key(c1, 0), arc = `a${i}_${d}_${h}_${state}_t`;
            p.auxiliary(arc);
            next.add(to);
            leave(arc);
            if (h < last) ensure(stateRow(h + 1, to)), term(stateRow(h + 1, to), arc, 1);
            if (decide) term(lessonRow, arc, -1);
          }
        }
        if (!fixedAt(h)) {
          const e1 = Math.min(e + 1, gap);
          const to = key(e1 >= gap ? 0 : c, e1), arc = `a${i}_${d}_${h}_${state}_f`;
          p.auxiliary(arc);
          next.add(to);
          leave(arc);
          if (h < last) ensure(stateRow(h + 1, to)), term(stateRow(h + 1, to), arc, 1);
        }
      }
      states = next;
    }
    for (const [name, r] of rows) p.row(name, r.terms, r.bound);
    function ensure(row: string) {
      if (!rows.has(row)) rows.set(row, { terms: [], bound: { equal: 0 } });
    }
  }
}
