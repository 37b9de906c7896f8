/**
 * Below the proven bound: the hours an instructor may teach, chosen per instructor and day among
 * every maximal set the break rule allows (not only the shifted patterns of two_hour_breaks.ts),
 * judged by a flow that is a plan's lessons. `bestRestriction` shifts patterns where the merged
 * relaxation grows; on mittel seed 206 with two-hour breaks no shifted pattern gave more than 579
 * (optimum 581). Here one split network of the unrestricted model holds every choice: a set closes
 * its instructor day's other hour edges, days of students with both transmissions are labelled
 * (transmission_days.ts), and a change is kept where the max-flow grows (in every other pass also
 * where it stays), each tried by augmenting the current flow (no network is rebuilt); then kicks.
 * Any subset of an allowed set is allowed, so every flow of the network is a valid plan. With
 * one-hour breaks the same search closes gaps the exact repair needed seconds of yalps for (gross
 * seed 105 with scarce vehicles: 1111 -> 1135 in about 1 s).
 */
import { type Lesson, lessonsFromFlow } from "../flow/assign.ts";
import { distributeLessons } from "./distribute.ts";
import { bestMinShare } from "../flow/fairness.ts";
import type { Model } from "../model.ts";
import { repairUntilValid } from "./repair.ts";
import { slot } from "../model.ts";
import { buildNetwork, type LessonNetwork } from "../flow/network.ts";
import { transmissionLabels } from "./transmission_days.ts";
import { better, same, type Score, ShareFloor } from "./share_floor.ts";
import { random } from "../../common/random.ts";
import type { Work } from "../work_budget.ts";
import { runsFit } from "../rules/break_after_hours.ts";

/**
 * Starting from the sets that hold `start` (a valid plan's lessons: per instructor day the first
 * maximal allowed set with its hours, and its transmission on each day of a student with both),
 * so the first flow has at least its lessons, tries other maximal allowed sets on every instructor
 * day, then kicks. Returns the network (labelled, holding its max-flow), the restricted model of
 * the sets found and its lessons. Stops at `target` (the plan's upper bound) or the merged
 * relaxation's max-flow of the unrestricted model (nothing more is possible), or once `work` is
 * spent (a try, a set of hours or a label changed and the max-flow augmented, costs the network's
 * edges: its flow is copied and searched).
 * With `floor` (a share, fair_patterns.ts) choices are ranked by the lessons missing below it
 * first (`deficit`, 0 once every student can have ceil(floor * need) at once), then by lessons,
 * and the target counts only with nothing missing.
 */
export function searchBreakPatterns(
  model: Model,
  start: Lesson[],
  options: { work: Work; target?: number; floor?: number },
): { model: Model; network: LessonNetwork; lessons: number; deficit: number } {
  // No pattern admits more than the merged relaxation of the unrestricted model (bound.ts).
  const merged = buildNetwork(model, "merged");
  const target = Math.min(
    merged.net.maxFlow(merged.source, merged.sink),
    options.target ?? Infinity,
  );
  const network = buildNetwork(model, "split");
  const { net, source, sink } = network;
  const edgeOf = (i: number, d: number, h: number) =>
    network.hourEdges.get((i * model.days + d) * 24 + h);
  const instructors = model.instance.instructors.length;
  const taught = [...Array(instructors)].map(() => new Array(model.days).fill(0));
  const driven = new Map<string, Set<string>>();
  for (const l of start) {
    taught[l.instructor][l.day] |= 1 << l.hour;
    const k = `${l.student}/${l.day}`;
    if (!driven.has(k)) driven.set(k, new Set());
    driven.get(k)!.add(l.transmission);
  }
  // A day of a student with both transmissions keeps the transmission the plan gave it (with two
  // lessons a day the plan may have given both: then both stay open).
  for (const [k, ts] of driven) {
    const [s, d] = k.split("/");
    const st = model.instance.students[+s];
    if (st.needs.manual === 0 || st.needs.automatic === 0 || ts.size > 1) continue;
    const other = ts.has("manual") ? "automatic" : "manual";
    const e = network.dayEdges.get(`${s}/${other}/${d}`);
    if (e !== undefined) net.closed[e] = 1;
  }
  // Hours where some student could drive with the instructor: sets that differ only elsewhere
  // admit the same flow, so each instructor day's choices are the maximal sets cut to these hours
  // (students come in the afternoon: 17 % of the choices are left on mittel seed 206 with two-hour
  // breaks, 39 % on gross seed 105 with one-hour breaks).
  const useful = [...Array(instructors)].map(() => new Array(model.days).fill(0));
  const wanted = new Set<string>();
  for (const l of network.lessons) wanted.add(`${l.day}/${l.hour}/${l.transmission}`);
  for (const t of network.teaching) {
    if (wanted.has(`${t.day}/${t.hour}/${t.transmission}`)) {
      useful[t.instructor][t.day] |= 1 << t.hour;
    }
  }
  const choices = useful.map((row, i) =>
    row.map((u, d) => maximalCut(maximalMasks(model, i, d), u))
  );
  /** Current open hours per instructor day, as a 24-bit mask. */
  const current = taught.map((row, i) =>
    row.map((t, d) => choices[i][d].find((m) => (m & t) === t) ?? t)
  );
  for (let i = 0; i < instructors; i++) {
    for (let d = 0; d < model.days; d++) {
      for (let h = 0; h < 24; h++) {
        const e = edgeOf(i, d, h);
        if (e !== undefined && !(current[i][d] & (1 << h))) net.closed[e] = 1;
      }
    }
  }
  const labels = transmissionLabels(model, network);
  // With a share to keep (share_floor.ts), every choice is ranked by what it misses below that
  // share first, then by lessons; without one the deficit stays 0.
  const floor = options.floor === undefined
    ? undefined
    : new ShareFloor(model, net.closed, options.floor);
  const total = () => network.needEdges.reduce((n, e) => n + net.flow[e.edge], 0);
  const scoreNow = (): Score => ({ deficit: floor?.deficit() ?? 0, lessons: total() });
  let score = scoreNow();
  const setMask = (i: number, d: number, mask: number) => {
    for (let h = 0; h < 24; h++) {
      const e = edgeOf(i, d, h);
      if (e === undefined || mask & (1 << h)) continue;
      while (net.flow[e] > 0) net.cancelThrough(e, source, sink);
      net.closed[e] = 1;
      floor?.close(e);
    }
    for (let h = 0; h < 24; h++) {
      const e = edgeOf(i, d, h);
      if (e !== undefined && mask & (1 << h)) {
        net.closed[e] = 0;
        floor?.open(e);
      }
    }
    current[i][d] = mask;
  };
  const snapshot = () => ({ main: net.snapshot(), twin: floor?.snapshot() });
  const restore = (state: ReturnType<typeof snapshot>) => {
    net.restore(state.main);
    if (floor && state.twin) floor.restore(state.twin);
  };
  const done = () => score.deficit === 0 && score.lessons >= target;
  // Strict gains first, then a pass that also takes changes keeping the flow (a chain of them can
  // lead to a gain), alternating, the labels' flips after each pass, until two passes gain nothing.
  let idlePasses = 0;
  for (let pass = 0; pass < MAX_PASSES && idlePasses < 2; pass++) {
    const sideways = pass % 2 === 1;
    let grew = false;
    for (let i = 0; i < instructors; i++) {
      for (let d = 0; d < model.days; d++) {
        for (const mask of choices[i][d]) {
          if (mask === current[i][d]) continue;
          if (done() || !options.work.spend(net.edges)) return result();
          const before = snapshot(), was = current[i][d];
          setMask(i, d, mask);
          net.maxFlow(source, sink);
          const next = scoreNow();
          if (better(next, score) || (sideways && same(next, score))) {
            grew ||= better(next, score);
            score = next;
          } else {
            restore(before);
            current[i][d] = was;
          }
        }
      }
    }
    if (labels.pass(sideways, options.work, floor)) grew = true;
    score = scoreNow();
    idlePasses = grew ? 0 : idlePasses + 1;
  }
  // A local optimum: kicks. One instructor day gets another allowed set whatever it costs, then
  // its day's other instructors and its week's other days are searched again; kept where the flow
  // is not below what it was (a seeded choice, so plans repeat).
  const rnd = random(model.days * 7919 + instructors);
  const working: [number, number][] = [];
  for (let i = 0; i < instructors; i++) {
    for (let d = 0; d < model.days; d++) {
      if (choices[i][d].length > 1) working.push([i, d]);
    }
  }
  const idleAt = (i: number, d: number) => {
    let n = 0;
    for (let h = 0; h < 24; h++) {
      const e = edgeOf(i, d, h);
      if (
        e !== undefined && current[i][d] & (1 << h) && useful[i][d] & (1 << h) && net.flow[e] === 0
      ) n++;
    }
    return n;
  };
  while (working.length && !done() && options.work.spend(net.edges)) {
    // Instructor days with an open hour nobody takes first: there the set is in the wrong place
    // (mittel seed 206: 581 after 0.7-1.7 s with five seeds; kicks anywhere took 4-7 s).
    const idle = working.filter(([i, d]) => idleAt(i, d) > 0);
    const pool = idle.length ? idle : working;
    const [i, d] = pool[Math.floor(rnd() * pool.length)];
    const masks = choices[i][d].filter((m) => m !== current[i][d]);
    const saved = snapshot(), savedMasks = current.map((row) => row.slice()), was = score;
    setMask(i, d, masks[Math.floor(rnd() * masks.length)]);
    net.maxFlow(source, sink);
    score = scoreNow();
    const around: [number, number][] = [];
    for (let j = 0; j < instructors; j++) if (j !== i) around.push([j, d]);
    for (let e = 0; e < model.days; e++) {
      if (e !== d && model.weekOfDay[e] === model.weekOfDay[d]) around.push([i, e]);
    }
    for (const [j, e] of around) {
      for (const mask of choices[j][e]) {
        if (mask === current[j][e] || !options.work.spend(net.edges)) continue;
        const before = snapshot(), old = current[j][e];
        setMask(j, e, mask);
        net.maxFlow(source, sink);
        const next = scoreNow();
        if (better(next, score)) score = next;
        else {
          restore(before);
          current[j][e] = old;
        }
      }
    }
    labels.pass(false, options.work, floor);
    score = scoreNow();
    if (better(was, score)) {
      restore(saved);
      for (let j = 0; j < instructors; j++) current[j] = savedMasks[j];
      score = was;
    }
  }
  return result();

  function result() {
    const instructorFree = model.instructorFree.map((free, i) => {
      const out = free.slice();
      for (let d = 0; d < model.days; d++) {
        for (let h = 0; h < 24; h++) if (!(current[i][d] & (1 << h))) out[slot(d, h)] = 0;
      }
      return out;
    });
    return { model: { ...model, instructorFree }, network, ...score };
  }
}

/** Passes over every instructor day at most (each ends with one over the labels). */
const MAX_PASSES = 12;

/** The distinct maximal ones among `masks` cut to `keep`. */
function maximalCut(masks: number[], keep: number): number[] {
  const cut = [...new Set(masks.map((m) => m & keep))];
  return cut.filter((m) => !cut.some((o) => o !== m && (o & m) === m));
}

/** Maximal masks per instructor day's free and fixed hours (most days of a school repeat them). */
const cache = new Map<string, number[]>();
/** Every maximal set of an instructor day's free hours that the break rule allows (fixed lessons counted). */
export function maximalMasks(model: Model, i: number, d: number): number[] {
  const free: number[] = [];
  let fixed = 0;
  for (let h = 0; h < 24; h++) {
    if (model.instructorFree[i][slot(d, h)]) free.push(h);
    if (model.instructorFixed[i][slot(d, h)]) fixed |= 1 << h;
  }
  const L = model.breakLimit, gap = model.breakGap;
  const key = `${L}/${gap}/${fixed}/${free.join(",")}`;
  const known = cache.get(key);
  if (known) return known;
  const valid = (mask: number) => runsFit(mask, L, gap);
  const out: number[] = [];
  if (free.length <= 14) {
    const all: number[] = [];
    for (let sub = 0; sub < 1 << free.length; sub++) {
      let m = 0;
      for (let k = 0; k < free.length; k++) if (sub & (1 << k)) m |= 1 << free[k];
      if (valid(m | fixed)) all.push(m);
    }
    const set = new Set(all);
    for (const m of all) {
      if (free.every((h) => m & (1 << h) || !set.has(m | (1 << h)))) out.push(m);
    }
  }
  cache.set(key, out);
  return out;
}

/**
 * The plan routed in the best sets of hours found from `lessons`, fair as in plan.ts (best lowest
 * share, progressive filling, preferred hours first), when it has more lessons than `lessons`;
 * else `lessons`. Searches until `work` is spent or `target` is met.
 */
export function planInBreakPatterns(
  model: Model,
  lessons: Lesson[],
  target: number,
  work: Work,
): Lesson[] {
  const sets = searchBreakPatterns(model, lessons, { work, target });
  if (sets.lessons <= lessons.length) return lessons;
  const share = bestMinShare(sets.network);
  distributeLessons(sets.model, sets.network, share);
  repairUntilValid(sets.model, sets.network, share);
  const routed = lessonsFromFlow(sets.model, sets.network);
  return routed.length > lessons.length ? routed : lessons;
}
