/**
 * A tighter upper bound on lessons where the plan stays below the flow relaxation's: the
 * Lagrangian relaxation of the whole hard model (exact_repair.ts's programme over every day and
 * instructor). Its rows "student lessons = instructor lessons" per day, hour and transmission get
 * prices instead; then the model falls apart into one small problem per student (free hours, day
 * cap, need) and one per instructor and week (free hours, day and week caps, the break rule exact
 * as an automaton), each solved exactly here (greedy choice, dynamic programming). For any prices
 * the sum of their optima bounds every valid plan from above:
 *
 *   lessons = sum (1 - price) * student lessons + sum price * instructor lessons (the rows agree)
 *           <= sum of the students' optima + sum of the instructors' optima.
 *
 * A student who needs both transmissions is relaxed to the total need with the better transmission
 * in each hour, and the vehicles per hour are relaxed where the prices on both sides are equal (a
 * relaxation stays a bound). The prices start at the flow's minimum cut (0 or 1; its value is the
 * flow bound where the break rule's windows are exact) and are flipped between 0 and 1 an hour at
 * a time wherever the bound drops. No LP solver: the whole programme has 19,000 rows on mittel,
 * beyond yalps (docs/decisions/0011); HiGHS's LP duals there are 0/1 as well and differ from the
 * cut in 15 rows, and the flips find a bound as tight (722 on mittel seed 306 with two lessons a
 * day, where the flow gives 725).
 */
import type { Model } from "../model.ts";
import { slot } from "../model.ts";
import { buildNetwork, type LessonNetwork, type StudentSide } from "../flow/network.ts";
import { canTeach } from "../rules/qualification.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import { unlimited, type Work } from "../work_budget.ts";

export interface LagrangeBoundOptions {
  /** One unit per flip tried (bound evaluated); without it, flips until none lowers the bound. */
  work?: Work;
  /** Lessons a valid plan reaches: once the bound meets them, nothing tighter exists. */
  reached: number;
  /**
   * Whose minimum cut the prices start at (default "split"). The merged side's relaxes a student
   * with both transmissions the way the students' problems here do (total need, the better
   * transmission in each hour), so where such students are many its cut can be the better start:
   * the flips below only ever lower the bound, and from the split cut they may stop in a valley
   * that the merged cut lies below (stage 5 tries it second).
   */
  start?: StudentSide;
  /** Start prices (alpha, beta per row) instead of a cut: the bench's probe starts at HiGHS's LP duals. */
  prices?: { alpha: Float64Array; beta: Float64Array };
}

export interface LagrangeBoundResult {
  /** An upper bound on the lessons of any valid plan. */
  upperBound: number;
  /** Bounds evaluated (one per flip tried). */
  evaluations: number;
}

/** Index of a (day, hour, transmission) row. */
const ix = (d: number, h: number, t: number) => (d * 24 + h) * 2 + t;

/** The Lagrangian bound after flipping prices until none lowers it or the work is spent. */
export function lagrangeBound(model: Model, options: LagrangeBoundOptions): LagrangeBoundResult {
  const { instance, days } = model;
  const n = days * 48;
  const vehicles = new Float64Array(n).fill(Infinity);
  const teachable = new Uint8Array(n);
  instance.instructors.forEach((ins, i) => {
    for (let d = 0; d < days; d++) {
      for (let h = 0; h < 24; h++) {
        if (!model.instructorFree[i][slot(d, h)]) continue;
        TRANSMISSIONS.forEach((t, ti) => canTeach(ins, t) && (teachable[ix(d, h, ti)] = 1));
      }
    }
  });
  if (model.vehicleCap) {
    for (let d = 0; d < days; d++) {
      for (let h = 0; h < 24; h++) {
        TRANSMISSIONS.forEach((t, ti) => vehicles[ix(d, h, ti)] = model.vehicleCap![t][slot(d, h)]);
      }
    }
  }
  for (let k = 0; k < n; k++) if (vehicles[k] <= 0) teachable[k] = 0;

  // alpha: what a student's lesson in the row costs; beta: what an instructor's earns. Where they
  // differ (only where the cut runs through a vehicle limit), the vehicles earn the difference.
  const alpha = new Float64Array(n), beta = new Float64Array(n);
  if (options.prices) {
    alpha.set(options.prices.alpha);
    beta.set(options.prices.beta);
  } else {
    const network = buildNetwork(model, options.start ?? "split");
    network.net.maxFlow(network.source, network.sink);
    startAtCut(model, network, alpha, beta);
  }

  const students = studentOptions(model, teachable);
  const studentsAt = new Map<number, number[]>();
  students.forEach((st, j) => {
    for (const day of st.days) {
      for (const rows of day.rows) {
        for (const k of rows) {
          if (!studentsAt.has(k)) studentsAt.set(k, []);
          studentsAt.get(k)!.push(j);
        }
      }
    }
  });
  const studentValue = students.map((st) => studentBest(st, alpha));
  // Per instructor and day the best worth of each number of lessons; a flip changes one day.
  const dayValues = instance.instructors.map((_, i) =>
    Array.from({ length: days }, (_, d) => dayValue(model, i, d, teachable, beta))
  );
  const weekOf = (i: number, w: number, days: (number[] | null)[]) =>
    weekBest(model.instructorWeekCap[i][w], days.filter((_, d) => model.weekOfDay[d] === w));
  const weekValue = instance.instructors.map((_, i) =>
    Array.from({ length: model.weeks }, (_, w) => weekOf(i, w, dayValues[i]))
  );
  const vehicleTerm = (k: number) =>
    vehicles[k] < Infinity && alpha[k] > beta[k] ? vehicles[k] * (alpha[k] - beta[k]) : 0;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  let value = sum(studentValue) + sum(weekValue.map(sum));
  for (let k = 0; k < n; k++) if (teachable[k]) value += vehicleTerm(k);
  // Prices are 0 or 1, so every term is whole up to rounding.
  const bound = () => Math.floor(value + 1e-6);

  // Moves: both transmissions of an hour at once, then each row alone.
  // Rows no student can use keep price 0 (a price there only adds to the instructors' side).
  const rows = [...Array(n).keys()].filter((k) =>
    teachable[k] && alpha[k] === beta[k] && studentsAt.has(k)
  );
  const hours = new Map<number, number[]>();
  for (const k of rows) {
    if (!hours.has(k >> 1)) hours.set(k >> 1, []);
    hours.get(k >> 1)!.push(k);
  }
  // Lowering a price from 1 to 0 first: where the flow's windows let more lessons through than
  // the exact break rule, the instructors' side is priced too high (mittel seed 306 with two
  // lessons a day: each gain was such an hour).
  const moves = [...hours.values()].concat(rows.map((k) => [k]))
    .map((move, order) => ({ move, order, down: alpha[move[0]] === 1 ? 0 : 1 }))
    .sort((a, b) => a.down - b.down || a.order - b.order)
    .map((m) => m.move);
  // The instructors a row's price reaches: free then.
  const teachersAt = (k: number) =>
    instance.instructors.map((_, i) => i).filter((i) =>
      model.instructorFree[i][slot(Math.floor(k / 48), (k >> 1) % 24)] === 1
    );

  let evaluations = 1;
  const work = options.work ?? unlimited();
  const done = () => bound() <= options.reached || !work.left();
  // Passes of strict descent; once one gains nothing, a pass that also takes flips which leave the
  // bound as it is (each row at most once a pass, so it cannot flip straight back): a bound that
  // needs several hours lowered together is reached over such a plateau (one instructor whose
  // four students' hours would make one run too long: 4 -> 3 only with all four prices at 1).
  let plateau = false;
  for (let pass = 0; pass < 20 && !done(); pass++) {
    let improved = false;
    const flipped = new Set<number>();
    for (const move of moves) {
      if (done()) break;
      if (plateau && move.some((k) => flipped.has(k))) continue;
      if (!work.spend()) break;
      evaluations++;
      // Only the students with a lesson possible in these rows and the instructors' week of
      // that day change.
      const d = Math.floor(move[0] / 48), w = model.weekOfDay[d];
      const touched = [...new Set(move.flatMap((k) => studentsAt.get(k) ?? []))];
      const teachers = teachersAt(move[0]);
      let before = 0;
      for (const k of move) before += vehicleTerm(k);
      for (const j of touched) before += studentValue[j];
      for (const i of teachers) before += weekValue[i][w];
      for (const k of move) alpha[k] = beta[k] = 1 - alpha[k];
      const newStudents = touched.map((j) => studentBest(students[j], alpha));
      const newDays = teachers.map((i) => dayValue(model, i, d, teachable, beta));
      const newWeeks = teachers.map((i, x) =>
        weekOf(i, w, dayValues[i].map((v, e) => e === d ? newDays[x] : v))
      );
      let after = sum(newStudents) + sum(newWeeks);
      for (const k of move) after += vehicleTerm(k);
      if (after < before - 1e-9 || (plateau && after < before + 1e-9)) {
        value += after - before;
        touched.forEach((j, x) => studentValue[j] = newStudents[x]);
        teachers.forEach((i, x) => {
          weekValue[i][w] = newWeeks[x];
          dayValues[i][d] = newDays[x];
        });
        for (const k of move) flipped.add(k);
        if (after < before - 1e-9) improved = true;
      } else for (const k of move) alpha[k] = beta[k] = 1 - alpha[k];
    }
    if (improved) plateau = false;
    else if (!plateau) plateau = true;
    else break;
  }
  return { upperBound: bound(), evaluations };
}

/**
 * Prices of the flow's minimum cut: 1 where a row's vehicle node lies on the source's side (the
 * instructors' limits are cut there), 0 where on the sink's (the students' are).
 */
function startAtCut(model: Model, network: LessonNetwork, alpha: Float64Array, beta: Float64Array) {
  const { net } = network;
  const adjacency: number[][] = Array.from({ length: net.nodes }, () => []);
  for (let e = 0; e < net.edges; e++) {
    if (net.cap[e] - net.flow[e] > 0) adjacency[net.to[e ^ 1]].push(net.to[e]);
  }
  const reached = new Uint8Array(net.nodes);
  const stack = [network.source];
  reached[network.source] = 1;
  while (stack.length) {
    const u = stack.pop()!;
    for (const v of adjacency[u]) if (!reached[v]) (reached[v] = 1, stack.push(v));
  }
  // A lesson edge ends at its hour's vehicle node (in side); a teaching edge starts at its out side.
  for (const le of network.lessons) {
    alpha[ix(le.day, le.hour, le.transmission === "manual" ? 0 : 1)] = reached[net.to[le.edge]];
  }
  for (const te of network.teaching) {
    beta[ix(te.day, te.hour, te.transmission === "manual" ? 0 : 1)] = reached[net.to[te.edge ^ 1]];
  }
  if (!model.vehicleCap) beta.set(alpha);
}

interface StudentOptions {
  need: number;
  /** Per day: the day cap and, per free hour, the rows the student could have a lesson in. */
  days: { cap: number; rows: number[][] }[];
}

/** Each student's possible lessons (both transmissions relaxed to the total need, see above). */
function studentOptions(model: Model, teachable: Uint8Array): StudentOptions[] {
  return model.instance.students.flatMap((st, s) => {
    const ts = TRANSMISSIONS.map((t, ti) => [t, ti] as const).filter(([t]) => st.needs[t] > 0);
    if (ts.length === 0) return [];
    const days: StudentOptions["days"] = [];
    for (let d = 0; d < model.days; d++) {
      const cap = model.studentDayCap[s][d];
      if (cap <= 0) continue;
      const rows: number[][] = [];
      for (let h = 0; h < 24; h++) {
        if (!model.studentFree[s][slot(d, h)]) continue;
        const r = ts.map(([, ti]) => ix(d, h, ti)).filter((k) => teachable[k]);
        if (r.length) rows.push(r);
      }
      if (rows.length) days.push({ cap, rows });
    }
    return [{ need: ts.reduce((n, [t]) => n + st.needs[t], 0), days }];
  });
}

/**
 * A student's best: per day the cap's best hours of positive worth (1 - price), then the need's
 * best of those; the sets allowed form a laminar matroid, so the greedy choice is optimal.
 */
function studentBest(st: StudentOptions, alpha: Float64Array): number {
  const picked: number[] = [];
  for (const day of st.days) {
    const worth: number[] = [];
    for (const rows of day.rows) {
      let best = 0;
      for (const k of rows) best = Math.max(best, 1 - alpha[k]);
      if (best > 0) worth.push(best);
    }
    worth.sort((a, b) => b - a);
    for (let j = 0; j < Math.min(day.cap, worth.length); j++) picked.push(worth[j]);
  }
  picked.sort((a, b) => b - a);
  let value = 0;
  for (let j = 0; j < Math.min(st.need, picked.length); j++) value += picked[j];
  return value;
}

/** An instructor's best in one week: the best split of the week cap over its days' bests. */
function weekBest(weekCap: number, days: (number[] | null)[]): number {
  if (weekCap <= 0) return 0;
  let acc = [0];
  for (const best of days) {
    if (!best) continue;
    const next = new Array(Math.min(weekCap, acc.length + best.length - 2) + 1).fill(-Infinity);
    for (let a = 0; a < acc.length; a++) {
      for (let b = 0; b < best.length && a + b < next.length; b++) {
        next[a + b] = Math.max(next[a + b], acc[a] + best[b]);
      }
    }
    acc = next;
  }
  return Math.max(...acc);
}

/**
 * An instructor's best on one day for each number of lessons (null: no lesson possible), each
 * hour worth its best price.
 */
function dayValue(
  model: Model,
  i: number,
  d: number,
  teachable: Uint8Array,
  beta: Float64Array,
): number[] | null {
  const ins = model.instance.instructors[i];
  const cap = Math.min(
    model.instructorDayCap[i][d],
    model.instructorWeekCap[i][model.weekOfDay[d]],
  );
  if (cap <= 0) return null;
  const worth = new Float64Array(24).fill(-Infinity);
  let any = false;
  for (let h = 0; h < 24; h++) {
    if (!model.instructorFree[i][slot(d, h)]) continue;
    TRANSMISSIONS.forEach((t, ti) => {
      const k = ix(d, h, ti);
      if (canTeach(ins, t) && teachable[k]) worth[h] = Math.max(worth[h], beta[k]);
    });
    if (worth[h] > -Infinity) any = true;
  }
  return any ? dayBest(model, i, d, cap, worth) : null;
}

/**
 * One instructor day: best[k] = the most worth of exactly k new lessons whose runs keep the break
 * rule (-Infinity where impossible), by dynamic programming over the hours with the state of
 * exact_repair.ts's automaton: lessons in the current run, free hours since the last lesson.
 * Fixed lessons count in runs. Where fixed lessons alone already break the rule (nothing is
 * valid), the rule is left out for that day, which keeps the result a bound.
 */
function dayBest(model: Model, i: number, d: number, cap: number, worth: Float64Array): number[] {
  const gap = model.breakGap, K = cap + 1;
  const run = (L: number): number[] => {
    const at = (c: number, e: number, k: number) => (c * (gap + 1) + e) * K + k;
    const size = (L + 1) * (gap + 1) * K;
    let cur = new Float64Array(size).fill(-Infinity);
    cur[at(0, gap, 0)] = 0;
    for (let h = 0; h < 24; h++) {
      const next = new Float64Array(size).fill(-Infinity);
      const fixed = model.instructorFixed[i][slot(d, h)] === 1;
      const open = worth[h] > -Infinity;
      for (let c = 0; c <= L; c++) {
        for (let e = 0; e <= gap; e++) {
          for (let k = 0; k < K; k++) {
            const v = cur[at(c, e, k)];
            if (v === -Infinity) continue;
            if (fixed || open) {
              const c1 = e >= gap ? 1 : c + 1, k1 = fixed ? k : k + 1;
              if (c1 <= L && k1 < K) {
                const to = at(c1, 0, k1);
                next[to] = Math.max(next[to], v + (fixed ? 0 : worth[h]));
              }
            }
            if (!fixed) {
              const e1 = Math.min(e + 1, gap);
              const to = at(e1 >= gap ? 0 : c, e1, k);
              next[to] = Math.max(next[to], v);
            }
          }
        }
      }
      cur = next;
    }
    const best = new Array(K).fill(-Infinity);
    for (let s = 0; s < size; s++) best[s % K] = Math.max(best[s % K], cur[s]);
    return best;
  };
  const best = run(model.breakLimit);
  return best[0] === -Infinity ? run(24) : best;
}
