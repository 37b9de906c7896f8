/**
 * Bench only, measured and not adopted (docs/decisions/0011, third round): from the flow's minimum
 * cut, subgradient steps lowered mittel seed 306 with two lessons a day from 725 to 724.99 in
 * 8 s (bound 724), never to 722; knobs LG_THETA, LG_PATIENCE, LG_DEFLECT, LG_AIM for more tries.
 *
 * A tighter upper bound on lessons where the flow relaxation's is above the plan: the Lagrangian
 * relaxation of the whole hard model (the programme of exact_repair.ts over every day and
 * instructor), whose rows "student lessons = instructor lessons" per day, hour and transmission
 * (and the vehicles per hour) carry multipliers instead. For any multipliers the rest falls apart
 * into one small problem per student (hours, day cap, needs) and one per instructor and week
 * (hours, day and week caps, the break rule exact as an automaton), each solved exactly here by
 * greedy choice and dynamic programming, so the sum is a valid upper bound; the multipliers start
 * at the flow's minimum cut and are improved by subgradient steps until the bound, rounded down,
 * meets the plan or time is up. No LP solver: the whole programme has 19,000 rows on mittel, far
 * beyond yalps's dense tableau (docs/decisions/0011); HiGHS's LP relaxation of it (722 on mittel
 * seed 306 with two lessons a day, where the flow gives 725) is what this approaches.
 */
import type { Model } from "../../solver/model.ts";
import { slot } from "../../solver/model.ts";
import type { LessonNetwork } from "../../solver/network.ts";
import { canTeach } from "../../solver/rules/qualification.ts";
import { TRANSMISSIONS } from "../../solver/rules/needs.ts";

export interface LagrangeBoundOptions {
  /** performance.now() after which no further step is taken. */
  deadline: number;
  /** Lessons a valid plan reaches: once the bound rounds down to this, nothing tighter is needed. */
  reached: number;
  /** At most this many steps (default: until the deadline). */
  maxSteps?: number;
  /** Starting multipliers per row key `m${d}_${h}${t[0]}` (students' alpha, instructors' beta). */
  start?: (day: number, hour: number, t: number) => [number, number] | undefined;
}

export interface LagrangeBoundResult {
  /** The best bound found, rounded down (a whole number of lessons). */
  upperBound: number;
  /** The best bound before rounding. */
  value: number;
  steps: number;
}

/** Index of a (day, hour, transmission) linking row. */
const ix = (d: number, h: number, t: number) => (d * 24 + h) * 2 + t;

/** Below this the rounding of sums of a few thousand floats cannot reach (bound stays valid). */
const ROUNDING = 1e-6;

/**
 * The best Lagrangian bound found before the deadline. `cut` is the split lesson network after its
 * max-flow (the starting multipliers are its minimum cut), or null to start from one half.
 */
export function lagrangeBound(
  model: Model,
  cut: LessonNetwork | null,
  options: LagrangeBoundOptions,
): LagrangeBoundResult {
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

  // Student side: alpha (their lessons' price), instructor side: beta. Without a vehicle limit at
  // a row the two are one multiplier (otherwise the bound is unbounded); with one, the vehicles
  // earn max(0, alpha - beta) each.
  // Rows no student can use are worth nothing to the instructors (0).
  const alpha = new Float64Array(n).fill(cut ? 0 : 0.5),
    beta = new Float64Array(n).fill(cut ? 0 : 0.5);
  if (cut) startAtCut(model, cut, alpha, beta);
  const cutAlpha = alpha.slice();
  if (options.start) {
    for (let d = 0; d < days; d++) {
      for (let h = 0; h < 24; h++) {
        for (let t = 0; t < 2; t++) {
          const v = options.start(d, h, t);
          if (v) [alpha[ix(d, h, t)], beta[ix(d, h, t)]] = v;
        }
      }
    }
  }

  if (options.start && Deno.env.get("LAGRANGE_TRACE")) {
    let differ = 0;
    const hist = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      if (!teachable[k]) continue;
      const key = `${cutAlpha[k]}->${alpha[k].toFixed(3)}`;
      hist.set(key, (hist.get(key) ?? 0) + 1);
      if (Math.abs(cutAlpha[k] - alpha[k]) > 1e-6) {
        differ++;
        console.log("  row d", Math.floor(k / 48), "h", Math.floor(k / 2) % 24, "t", k % 2);
      }
    }
    console.log("rows differing from the cut", differ, [...hist].sort((a, b) => b[1] - a[1]).slice(0, 20));
  }
  const Y = new Float64Array(n), Z = new Float64Array(n);
  // Ties broken towards the flow's own lessons (a bonus of TIE each, so the value stays an upper
  // bound): at the cut's multipliers the flow is optimal for both sides except where it breaks the
  // exact break rule, which keeps the subgradient sparse.
  const studentFlow = instance.students.map(() => new Set<number>());
  const instructorFlow = instance.instructors.map(() => new Set<number>());
  if (cut && Deno.env.get("LG_TIE") !== "0") {
    for (const le of cut.lessons) {
      if (cut.net.flow[le.edge] > 0) {
        studentFlow[le.student].add(ix(le.day, le.hour, le.transmission === "manual" ? 0 : 1));
      }
    }
    for (const te of cut.teaching) {
      if (cut.net.flow[te.edge] > 0) {
        instructorFlow[te.instructor].add(ix(te.day, te.hour, te.transmission === "manual" ? 0 : 1));
      }
    }
  }
  const students = studentOptions(model, teachable, studentFlow);
  const evaluate = (): number => {
    Y.fill(0);
    Z.fill(0);
    let value = 0;
    for (const st of students) value += studentBest(st, alpha, Y);
    for (let i = 0; i < instance.instructors.length; i++) {
      value += instructorBest(model, i, teachable, beta, Z, instructorFlow[i]);
    }
    for (let k = 0; k < n; k++) {
      if (teachable[k] && vehicles[k] < Infinity && alpha[k] > beta[k]) {
        value += vehicles[k] * (alpha[k] - beta[k]);
      }
    }
    return value;
  };

  const env = (k: string, v: number) => Number(Deno.env.get(k) ?? v);
  if (Deno.env.get("LG_FLIP")) {
    // Search over 0/1 multipliers (HiGHS's LP duals are 0/1 here): flip an hour's rows (both
    // transmissions at once, then one) where that lowers the bound.
    let value = evaluate(), evals = 1;
    const rows = [...Array(n).keys()].filter((k) => teachable[k] && alpha[k] === beta[k]);
    const pairs = new Map<number, number[]>();
    for (const k of rows) {
      const p = k >> 1;
      if (!pairs.has(p)) pairs.set(p, []);
      pairs.get(p)!.push(k);
    }
    const moves = [...pairs.values()].concat(rows.map((k) => [k]));
    for (let pass = 0; pass < 5; pass++) {
      let improved = false;
      for (const move of moves) {
        if (performance.now() >= options.deadline) break;
        for (const k of move) alpha[k] = beta[k] = 1 - alpha[k];
        const v = evaluate();
        evals++;
        if (v < value - 1e-9) {
          value = v;
          improved = true;
          if (Deno.env.get("LAGRANGE_TRACE")) console.log("flip", move, value);
        } else for (const k of move) alpha[k] = beta[k] = 1 - alpha[k];
        if (Math.floor(value + ROUNDING) <= options.reached) break;
      }
      if (!improved || Math.floor(value + ROUNDING) <= options.reached) break;
    }
    return { upperBound: Math.floor(value + ROUNDING), value, steps: evals };
  }
  let best = Infinity, steps = 0, theta = env("LG_THETA", 1), sinceBest = 0;
  const patience = env("LG_PATIENCE", 10), deflect = env("LG_DEFLECT", 0);
  const aimAbove = env("LG_AIM", 0.5);
  const dA = new Float64Array(n), dB = new Float64Array(n);
  const target = options.reached;
  const maxSteps = options.maxSteps ?? Infinity;
  while (steps < maxSteps) {
    const value = evaluate();
    steps++;
    if (Deno.env.get("LAGRANGE_TRACE")) console.log(steps, value.toFixed(4), theta);
    if (value < best - 1e-9) {
      best = value;
      sinceBest = 0;
    } else if (++sinceBest >= patience) {
      theta /= 2;
      sinceBest = 0;
    }
    if (Math.floor(best + ROUNDING) <= target || performance.now() >= options.deadline) break;
    if (theta < 1e-4) break;
    // Subgradient of the bound: where students take more than instructors give, raise the
    // students' price, and so on; step length after Polyak, aiming just below the plan + 1.
    let norm = 0;
    const gA = new Float64Array(n), gB = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      if (!teachable[k]) continue;
      if (vehicles[k] === Infinity) {
        gA[k] = Z[k] - Y[k];
        norm += gA[k] * gA[k];
      } else {
        const x = alpha[k] > beta[k] ? vehicles[k] : 0;
        gA[k] = x - Y[k];
        gB[k] = Z[k] - x;
        norm += gA[k] * gA[k] + gB[k] * gB[k];
      }
    }
    if (norm === 0) break; // the relaxation's choices agree: its value is the bound
    if (Deno.env.get("LAGRANGE_TRACE")) {
      let nz = 0;
      for (let k = 0; k < n; k++) if (gA[k] !== 0 || gB[k] !== 0) nz++;
      console.log("  norm", norm, "rows", nz);
      if (steps === 1 && cut) {
        const fy = new Float64Array(n), fz = new Float64Array(n);
        for (const le of cut.lessons) fy[ix(le.day, le.hour, le.transmission === "manual" ? 0 : 1)] += cut.net.flow[le.edge];
        for (const te of cut.teaching) fz[ix(te.day, te.hour, te.transmission === "manual" ? 0 : 1)] += cut.net.flow[te.edge];
        let dy = 0, dz = 0, nv = 0;
        for (let k = 0; k < n; k++) {
          dy += Math.abs(Y[k] - fy[k]);
          dz += Math.abs(Z[k] - fz[k]);
          if (vehicles[k] < Infinity && alpha[k] !== beta[k]) nv++;
        }
        console.log("  dy", dy, "dz", dz, "vehicle rows cut", nv, "Y", Y.reduce((a, b) => a + b), "Z", Z.reduce((a, b) => a + b));
      }
    }
    norm = 0;
    for (let k = 0; k < n; k++) {
      dA[k] = gA[k] + deflect * dA[k];
      dB[k] = gB[k] + deflect * dB[k];
      norm += dA[k] * dA[k] + dB[k] * dB[k];
      gA[k] = dA[k];
      gB[k] = dB[k];
    }
    const t = theta * (value - (target + aimAbove)) / norm;
    for (let k = 0; k < n; k++) {
      if (!teachable[k]) continue;
      if (vehicles[k] === Infinity) {
        alpha[k] -= t * gA[k];
        beta[k] = alpha[k];
      } else {
        alpha[k] -= t * gA[k];
        beta[k] -= t * gB[k];
      }
    }
  }
  return { upperBound: Math.floor(best + ROUNDING), value: best, steps };
}

/**
 * Multipliers of the flow's minimum cut: a row's price is 1 where its vehicle node lies on the
 * source's side of the cut (there the instructors pay for the lesson), 0 where on the sink's.
 */
function startAtCut(model: Model, network: LessonNetwork, alpha: Float64Array, beta: Float64Array) {
  const { net } = network;
  const adjacency: number[][] = Array.from({ length: net.nodes }, () => []);
  for (let e = 0; e < net.edges; e++) {
    if (net.cap[e] - net.flow[e] > 0) adjacency[net.to[e ^ 1]].push(net.to[e]);
  }
  const reached = new Uint8Array(net.nodes);
  const queue = [network.source];
  reached[network.source] = 1;
  while (queue.length) {
    const u = queue.pop()!;
    for (const v of adjacency[u]) if (!reached[v]) (reached[v] = 1, queue.push(v));
  }
  // A teaching edge runs from an hour's vehicle node (out side) to an instructor's hour; the
  // vehicle's in node is the head of a student's lesson edge.
  for (const te of network.teaching) {
    const vout = net.to[te.edge ^ 1];
    beta[ix(te.day, te.hour, te.transmission === "manual" ? 0 : 1)] = reached[vout];
  }
  for (const le of network.lessons) {
    const vin = net.to[le.edge];
    alpha[ix(le.day, le.hour, le.transmission === "manual" ? 0 : 1)] = reached[vin];
  }
  if (!model.vehicleCap) beta.set(alpha);
}

/** Bonus that breaks ties towards the flow's lessons (adds at most TIE per lesson to the bound). */
const TIE = 1e-8;

interface StudentOptions {
  flow: Set<number>;
  /** Needs per transmission (one entry when the student is merged: both in total). */
  needs: number[];
  /** Per day: the day cap and the hours' rows per transmission (-1 where none). */
  days: { cap: number; rows: number[][] }[];
}

/**
 * Each student's possible lessons. A student with both transmissions is relaxed to their total
 * need with the better transmission per hour (a relaxation: still an upper bound).
 */
function studentOptions(
  model: Model,
  teachable: Uint8Array,
  flow: Set<number>[],
): StudentOptions[] {
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
    return [{ needs: [ts.reduce((n, [t]) => n + st.needs[t], 0)], days, flow: flow[s] }];
  });
}

/**
 * A student's best: per day the cap's best hours of positive worth (1 - price), then the need's
 * best of those; a laminar matroid, so the greedy choice is optimal. Adds the choice to Y.
 */
function studentBest(st: StudentOptions, alpha: Float64Array, Y: Float64Array): number {
  const picked: [number, number][] = [];
  for (const day of st.days) {
    const worth: [number, number][] = [];
    for (const rows of day.rows) {
      let bestRow = -1, bestWorth = 0;
      for (const k of rows) {
        const w = 1 - alpha[k] + (st.flow.has(k) ? TIE : 0);
        if (w > bestWorth) (bestWorth = w, bestRow = k);
      }
      if (bestRow >= 0) worth.push([bestWorth, bestRow]);
    }
    worth.sort((a, b) => b[0] - a[0]);
    for (let j = 0; j < Math.min(day.cap, worth.length); j++) picked.push(worth[j]);
  }
  picked.sort((a, b) => b[0] - a[0]);
  let value = 0;
  for (let j = 0; j < Math.min(st.needs[0], picked.length); j++) {
    value += picked[j][0];
    Y[picked[j][1]]++;
  }
  return value;
}

/**
 * An instructor's best over the month: per day, by dynamic programming through the break rule's
 * automaton (state: lessons in the current run, free hours since the last lesson; fixed lessons
 * are forced), the best worth for each number of lessons; per week, the best split of the week
 * cap over its days. Adds the choice to Z.
 */
function instructorBest(
  model: Model,
  i: number,
  teachable: Uint8Array,
  beta: Float64Array,
  Z: Float64Array,
  flow: Set<number>,
): number {
  const ins = model.instance.instructors[i];
  let total = 0;
  for (let w = 0; w < model.weeks; w++) {
    const weekCap = model.instructorWeekCap[i][w];
    if (weekCap <= 0) continue;
    const perDay: { d: number; best: number[]; pick: (k: number) => number[] }[] = [];
    for (let d = 0; d < model.days; d++) {
      if (model.weekOfDay[d] !== w) continue;
      const cap = Math.min(model.instructorDayCap[i][d], weekCap);
      if (cap <= 0) continue;
      const worth = new Float64Array(24).fill(-Infinity);
      const row = new Int32Array(24).fill(-1);
      let any = false;
      for (let h = 0; h < 24; h++) {
        if (!model.instructorFree[i][slot(d, h)]) continue;
        TRANSMISSIONS.forEach((t, ti) => {
          const k = ix(d, h, ti);
          const w = beta[k] + (flow.has(k) ? TIE : 0);
          if (canTeach(ins, t) && teachable[k] && w > worth[h]) {
            worth[h] = w;
            row[h] = k;
          }
        });
        if (row[h] >= 0) any = true;
      }
      if (!any) continue;
      const day = dayBest(model, i, d, cap, worth);
      perDay.push({
        d,
        best: day.best,
        pick: (k) => day.hours(k).map((h) => row[h]),
      });
    }
    // Week: best[k] over the days so far, with the choice per day kept for the way back.
    let acc = [0];
    const choices: number[][] = [];
    for (const day of perDay) {
      const next = new Array(Math.min(weekCap, acc.length - 1 + day.best.length - 1) + 1)
        .fill(-Infinity);
      const choice = new Array(next.length).fill(0);
      for (let a = 0; a < acc.length; a++) {
        if (acc[a] === -Infinity) continue;
        for (let b = 0; b < day.best.length && a + b < next.length; b++) {
          const v = acc[a] + day.best[b];
          if (v > next[a + b]) (next[a + b] = v, choice[a + b] = b);
        }
      }
      choices.push(choice);
      acc = next;
    }
    let k = 0;
    for (let j = 1; j < acc.length; j++) if (acc[j] > acc[k]) k = j;
    total += acc[k];
    for (let j = perDay.length - 1; j >= 0; j--) {
      const b = choices[j][k];
      for (const r of perDay[j].pick(b)) Z[r]++;
      k -= b;
    }
  }
  return total;
}

/**
 * One instructor day: best[k] = the most worth of exactly k new lessons under the break rule
 * (-Infinity where impossible), and the hours of that choice.
 */
function dayBest(model: Model, i: number, d: number, cap: number, worth: Float64Array) {
  const L = model.breakLimit, gap = model.breakGap;
  const S = (L + 1) * (gap + 1), K = cap + 1;
  const at = (c: number, e: number, k: number) => (c * (gap + 1) + e) * K + k;
  // value[h] over (state, k) before hour h; back[h] the predecessor (state*K+k) and the choice.
  const values: Float64Array[] = [];
  const backs: Int32Array[] = [];
  let cur = new Float64Array(S * K).fill(-Infinity);
  cur[at(0, gap, 0)] = 0;
  for (let h = 0; h < 24; h++) {
    const next = new Float64Array(S * K).fill(-Infinity);
    const back = new Int32Array(S * K).fill(-1);
    const fixed = model.instructorFixed[i][slot(d, h)] === 1;
    const open = worth[h] > -Infinity;
    for (let c = 0; c <= L; c++) {
      for (let e = 0; e <= gap; e++) {
        for (let k = 0; k < K; k++) {
          const v = cur[at(c, e, k)];
          if (v === -Infinity) continue;
          const from = at(c, e, k) * 2;
          if (fixed || open) {
            // A lesson (fixed, or new with its worth).
            const c1 = e >= gap ? 1 : c + 1;
            const k1 = fixed ? k : k + 1;
            if (c1 <= L && k1 < K) {
              const to = at(c1, 0, k1), v1 = v + (fixed ? 0 : worth[h]);
              if (v1 > next[to]) (next[to] = v1, back[to] = from + 1);
            }
          }
          if (!fixed) {
            const e1 = Math.min(e + 1, gap);
            const to = at(e1 >= gap ? 0 : c, e1, k);
            if (v > next[to]) (next[to] = v, back[to] = from);
          }
        }
      }
    }
    values.push(cur);
    backs.push(back);
    cur = next;
  }
  const best = new Array(K).fill(-Infinity);
  const end = new Array(K).fill(-1);
  for (let s = 0; s < S; s++) {
    for (let k = 0; k < K; k++) {
      if (cur[s * K + k] > best[k]) (best[k] = cur[s * K + k], end[k] = s * K + k);
    }
  }
  const hours = (k: number): number[] => {
    const out: number[] = [];
    let node = end[k];
    for (let h = 23; h >= 0; h--) {
      const b = backs[h][node];
      if (b & 1 && model.instructorFixed[i][slot(d, h)] !== 1) out.push(h);
      node = b >> 1;
    }
    return out;
  };
  void values;
  return { best, hours };
}
