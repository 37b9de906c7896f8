/**
 * With two-hour breaks: the hours an instructor may teach, chosen per instructor and day among
 * every maximal set the break rule allows (not only the shifted patterns of two_hour_breaks.ts),
 * judged by a flow that is a plan's lessons. `bestRestriction` shifts patterns where the merged
 * relaxation grows; on mittel seed 206 no shifted pattern gave more than 579 (bound 581). Here one
 * split network of the unrestricted model holds every pattern: a pattern closes its instructor
 * day's other hour edges, days of students with both transmissions are labelled
 * (transmission_days.ts), and a change is kept where the max-flow grows (after the first pass also
 * where it stays), each tried by augmenting the current flow (no network is rebuilt). Any subset of
 * an allowed set is allowed, so every flow of the network is a valid plan.
 */
import { type Lesson, lessonsFromFlow } from "./assign.ts";
import { distributeLessons } from "./distribute.ts";
import { bestMinShare } from "./fairness.ts";
import type { Model } from "./model.ts";
import { repairUntilValid } from "./repair.ts";
import { slot } from "./model.ts";
import { buildNetwork, type LessonNetwork } from "./network.ts";
import { labelTransmissionDays } from "./transmission_days.ts";

/**
 * Starting from `start` (a restricted model, e.g. bestRestriction's), tries every maximal allowed
 * set of hours on every instructor day. Returns the network (labelled, holding its max-flow), the
 * restricted model of the sets found and its lessons. Stops at `target` (the plan's upper bound) or
 * the merged relaxation's max-flow of the unrestricted model (nothing more is possible), or at
 * `deadline`.
 */
export function searchBreakPatterns(
  model: Model,
  start: Model,
  options: { deadline: number; target?: number },
): { model: Model; network: LessonNetwork; lessons: number } {
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
  /** Current open hours per instructor day, as a 24-bit mask. */
  const maskOf = (free: Uint8Array, d: number) => {
    let m = 0;
    for (let h = 0; h < 24; h++) if (free[slot(d, h)]) m |= 1 << h;
    return m;
  };
  const current = [...Array(instructors).keys()].map((i) =>
    [...Array(model.days).keys()].map((d) => maskOf(start.instructorFree[i], d))
  );
  for (let i = 0; i < instructors; i++) {
    for (let d = 0; d < model.days; d++) {
      for (let h = 0; h < 24; h++) {
        const e = edgeOf(i, d, h);
        if (e !== undefined && !(current[i][d] & (1 << h))) net.closed[e] = 1;
      }
    }
  }
  let value = labelTransmissionDays(model, network, options);
  const setMask = (i: number, d: number, mask: number) => {
    for (let h = 0; h < 24; h++) {
      const e = edgeOf(i, d, h);
      if (e === undefined || mask & (1 << h)) continue;
      while (net.flow[e] > 0) net.cancelThrough(e, source, sink);
      net.closed[e] = 1;
    }
    for (let h = 0; h < 24; h++) {
      const e = edgeOf(i, d, h);
      if (e !== undefined && mask & (1 << h)) net.closed[e] = 0;
    }
    current[i][d] = mask;
  };
  const total = () => network.needEdges.reduce((n, e) => n + net.flow[e.edge], 0);
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let i = 0; i < instructors; i++) {
      for (let d = 0; d < model.days; d++) {
        for (const mask of maximalMasks(model, i, d)) {
          if (mask === current[i][d]) continue;
          if (value >= target || performance.now() >= options.deadline) return result();
          const before = net.snapshot(), was = current[i][d];
          setMask(i, d, mask);
          net.maxFlow(source, sink);
          const v = total();
          if (v > value || (v === value && pass > 0)) {
            changed ||= v > value;
            value = v;
          } else {
            net.restore(before);
            current[i][d] = was;
          }
        }
      }
    }
    if (!changed && pass > 0) break;
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
    return { model: { ...model, instructorFree }, network, lessons: value };
  }
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
  const valid = (mask: number) => {
    let run = 0, idle = gap;
    for (let h = 0; h < 24; h++) {
      if (mask & (1 << h)) {
        run = idle >= gap ? 1 : run + 1;
        if (run > L) return false;
        idle = 0;
      } else idle++;
    }
    return true;
  };
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

/** Time the search may take at most (mittel with two-hour breaks: 0.1-1.5 s on a quiet machine). */
const PATTERN_SECONDS = 2;

/**
 * The plan routed in the best sets of hours found from `start`, fair as in plan.ts (best lowest
 * share, progressive filling, preferred hours first), when it has more lessons than `lessons`;
 * else `lessons`. Searches at most PATTERN_SECONDS, and stops at `target`.
 */
export function planInBreakPatterns(
  model: Model,
  start: Model,
  lessons: Lesson[],
  target: number,
): Lesson[] {
  const deadline = performance.now() + PATTERN_SECONDS * 1000;
  const sets = searchBreakPatterns(model, start, { deadline, target });
  if (sets.lessons <= lessons.length) return lessons;
  distributeLessons(sets.model, sets.network, bestMinShare(sets.network));
  repairUntilValid(sets.model, sets.network);
  const routed = lessonsFromFlow(sets.model, sets.network);
  return routed.length > lessons.length ? routed : lessons;
}
