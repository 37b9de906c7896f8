/**
 * Fairness to instructors. The lessons of a valid plan keep their students, hours and
 * transmissions (so lessons, student shares and vehicles stay exactly as they are); only which
 * instructor teaches them changes, so that no instructor who could teach stays far below the
 * others: the lowest instructor share (lessons over instructorCapacity) is maximised, and the
 * instructors who can take more rise together above it (progressive filling).
 *
 * The instructors' side is a flow network: (day, hour, transmission) with its lessons -> instructor
 * hour -> instructor day (max hours per day) -> instructor week (max appointments per week) ->
 * instructor -> sink: the caps of rules/max_hours_per_day.ts and max_appointments_per_week.ts as
 * capacities, qualification as the edges there are. The break rule is not a flow constraint: each
 * instructor day gets one set of hours the rule allows (`runsFit` of rules/break_after_hours.ts:
 * the hours taught now, widened greedily where lessons are), and any subset of such a set is
 * allowed, so every flow of the network is a valid plan and the plan as it came is
 * one of them. "Every instructor gets at least floor_i lessons" holds for some flow that routes
 * every lesson exactly when the max-flow with the sink edges capped at floor_i fills them all
 * (augmenting paths never lower a sink edge's flow, so routing the rest afterwards keeps them), and
 * the counts reachable together form a polymatroid, as the students' are (fairness.ts): a binary
 * search over the share finds the best lowest one, progressive filling the rest. Every step is a
 * max-flow, so the result is deterministic and its work grows with the network, not with time.
 */
import type { Lesson } from "./assign.ts";
import { FlowNetwork } from "./flow.ts";
import type { Transmission } from "../instance.ts";
import { type Model, slot } from "../model.ts";
import { instructorCapacity } from "../report/quality.ts";
import { TRANSMISSIONS } from "../rules/needs.ts";
import { canTeach } from "../rules/qualification.ts";
import { runsFit } from "../rules/break_after_hours.ts";

const T_INDEX: Record<Transmission, number> = { manual: 0, automatic: 1 };

/**
 * The share of the lessons the best lowest share needs of an instructor that the soft search must
 * leave them (rounded down, but never none of one or more: a lesson of slack where counts are
 * small). Holding everyone at exactly their lessons of the fair routing pinned nearly every count
 * (the best lowest share lies close to the average), and continuity paid for it (instructors per
 * student and month, mittel 1.10 -> 1.46, mega 1.45 -> 1.53, over the goal of 1.5); at 90 % of the
 * best lowest share it stays within 0.05 of where it was.
 */
export const KEPT_SHARE = 0.9;

/** Steps of the progressive filling above the best lowest share. */
const FILL_STEPS = 8;

export interface InstructorFloors {
  /**
   * Per instructor, the lessons in the horizon (fixed ones included) the soft search may not take
   * them below (search/improve.ts): KEPT_SHARE of the lessons the best lowest share needs of them,
   * rounded down, and at least one where that is any.
   */
  floors: number[];
  /** The lowest share the fair routing gave an instructor with capacity and a lesson hour. */
  lowestShare: number;
}

/**
 * Gives `lessons` (a valid plan, changed in place: instructors only) the instructors that share
 * them most fairly, and returns the floors the soft search keeps.
 */
export function shareInstructorsFairly(model: Model, lessons: Lesson[]): InstructorFloors {
  const nI = model.instance.instructors.length;
  const fixed = model.instructorFixed.map((g) => g.reduce((n, x) => n + x, 0));
  const capacity = Array.from({ length: nI }, (_, i) => instructorCapacity(model, i));
  const routing = instructorNetwork(model, lessons);
  const { net, source, sink, sinkEdge, hourCount } = routing;
  const total = lessons.length;

  // need(i, t): new lessons that bring instructor i to share t, fixed lessons counted; never more
  // than the hours open to them, so one with few lesson hours does not hold the others down.
  const need = (i: number, t: number) =>
    Math.min(hourCount[i], Math.max(0, Math.ceil(t * capacity[i] - 1e-9) - fixed[i]));
  const teaches = (i: number) => capacity[i] > 0 && hourCount[i] > 0;
  const capsAt = (t: number) => {
    let sum = 0;
    for (let i = 0; i < nI; i++) sum += net.cap[sinkEdge[i]] = teaches(i) ? need(i, t) : 0;
    return sum;
  };
  const routed = () => sinkEdge.reduce((n, e) => n + net.flow[e], 0);

  // The best lowest share: binary search over the shares at which an instructor needs one lesson
  // more (only those the lessons can cover at all), each probe augmenting the flow of the best
  // share found so far (caps only grow from there). At most 1: above, the floors would hold
  // instructors beyond their target where others' lesson hours ran out.
  const candidates = new Set<number>();
  for (let i = 0; i < nI; i++) {
    if (!teaches(i)) continue;
    const most = Math.min(fixed[i] + hourCount[i], Math.floor(capacity[i] + 1e-9));
    for (let k = 1; k <= most; k++) candidates.add(k / capacity[i]);
  }
  const shares = [0, ...[...candidates].sort((a, b) => a - b)];
  let lo = 0, hi = shares.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const want = capsAt(shares[mid]);
    const snapshot = net.flow.slice();
    if (want <= total) net.maxFlow(source, sink);
    if (want <= total && routed() === want) lo = mid;
    else {
      net.flow = snapshot;
      hi = mid - 1;
    }
  }
  const lowest = shares[lo];
  capsAt(lowest);
  // Above it, progressive filling: every cap raised in even steps, augmenting after each, so
  // those who can take more rise together (the counts form a polymatroid: nothing is lost).
  const top = Math.max(...hourCount.map((n, i) => teaches(i) ? (fixed[i] + n) / capacity[i] : 0));
  for (let k = 1; k <= FILL_STEPS; k++) {
    const t = lowest + (top - lowest) * (k / FILL_STEPS);
    for (let i = 0; i < nI; i++) {
      net.cap[sinkEdge[i]] = Math.max(net.flow[sinkEdge[i]], teaches(i) ? need(i, t) : 0);
    }
    net.maxFlow(source, sink);
  }
  const fair = sinkEdge.map((e, i) => net.flow[e] + fixed[i]);

  // The rest of the lessons wherever they fit (the plan as it came is one such flow).
  for (const e of sinkEdge) net.cap[e] = total;
  net.maxFlow(source, sink);
  if (routed() !== total) return { floors: fixed, lowestShare: 0 }; // cannot happen: keep the plan
  assignInstructors(routing, lessons);
  let lowestShare = Infinity;
  for (let i = 0; i < nI; i++) {
    if (teaches(i)) lowestShare = Math.min(lowestShare, fair[i] / capacity[i]);
  }
  // The floors keep the best lowest share (with slack), not what the filling above it gave: that
  // hands lessons to whoever can take them, and pinning it would fix chance, not fairness.
  const floors = fixed.map((f, i) => {
    const n = f + (teaches(i) ? need(i, lowest) : 0);
    return Math.max(f, Math.min(n, 1), Math.floor(KEPT_SHARE * n + 1e-9));
  });
  return { floors, lowestShare: Number.isFinite(lowestShare) ? lowestShare : 0 };
}

interface InstructorNetwork {
  net: FlowNetwork;
  source: number;
  sink: number;
  /** Per instructor, the edge to the sink (its capacity is the floor being tried). */
  sinkEdge: number[];
  /** Per instructor, the hours open to them in the network (an upper limit on their lessons). */
  hourCount: number[];
  /** Per (day, hour, transmission) key, the edges to the instructors who may teach then. */
  teaching: Map<number, { edge: number; instructor: number }[]>;
}

/** The instructors' side of the plan's lesson hours as a flow network (see the file comment). */
function instructorNetwork(model: Model, lessons: Lesson[]): InstructorNetwork {
  const { instance, days } = model;
  const keyOf = (d: number, h: number, t: Transmission) => slot(d, h) * 2 + T_INDEX[t];
  const count = new Map<number, number>();
  for (const l of lessons) {
    const k = keyOf(l.day, l.hour, l.transmission);
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  const hours = allowedHours(model, lessons, count);
  const net = new FlowNetwork();
  const source = net.addNode(), sink = net.addNode();
  const slotNode = new Map<number, number>();
  for (const [k, n] of [...count].sort((a, b) => a[0] - b[0])) {
    const node = net.addNode();
    net.addEdge(source, node, n);
    slotNode.set(k, node);
  }
  const sinkEdge: number[] = [], hourCount: number[] = [];
  const teaching = new Map<number, { edge: number; instructor: number }[]>();
  instance.instructors.forEach((ins, i) => {
    const node = net.addNode();
    sinkEdge.push(net.addEdge(node, sink, 0));
    let open = 0;
    for (let w = 0; w < model.weeks; w++) {
      const weekCap = model.instructorWeekCap[i][w];
      let weekNode = -1;
      for (let d = 0; d < days; d++) {
        if (model.weekOfDay[d] !== w || hours[i][d] === 0) continue;
        const dayCap = model.instructorDayCap[i][d];
        if (dayCap === 0 || weekCap === 0) continue;
        if (weekNode < 0) {
          weekNode = net.addNode();
          net.addEdge(weekNode, node, weekCap);
        }
        const dayNode = net.addNode();
        net.addEdge(dayNode, weekNode, dayCap);
        let openToday = 0;
        for (let h = 0; h < 24; h++) {
          if (!(hours[i][d] & (1 << h))) continue;
          const hourNode = net.addNode();
          net.addEdge(hourNode, dayNode, 1);
          openToday++;
          for (const t of TRANSMISSIONS.filter((t) => canTeach(ins, t))) {
            const from = slotNode.get(keyOf(d, h, t));
            if (from === undefined) continue;
            const k = keyOf(d, h, t);
            if (!teaching.has(k)) teaching.set(k, []);
            teaching.get(k)!.push({ edge: net.addEdge(from, hourNode, 1), instructor: i });
          }
        }
        open += Math.min(openToday, dayCap);
      }
    }
    hourCount.push(open);
  });
  return { net, source, sink, sinkEdge, hourCount, teaching };
}

/**
 * Per instructor and day, a set of hours (bit mask) the break rule allows with the day's fixed
 * lessons: the hours the plan has them teach, widened by free hours with lessons of their
 * transmissions, the busiest hours first (latest first among equals), each kept where the rule
 * still holds.
 */
function allowedHours(model: Model, lessons: Lesson[], count: Map<number, number>): number[][] {
  const { instance, days } = model;
  const taught = instance.instructors.map(() => new Array(days).fill(0));
  for (const l of lessons) taught[l.instructor][l.day] |= 1 << l.hour;
  return instance.instructors.map((ins, i) =>
    taught[i].map((mask, d) => {
      let fixed = 0;
      for (let h = 0; h < 24; h++) if (model.instructorFixed[i][slot(d, h)]) fixed |= 1 << h;
      // A plan the rule does not hold for (never expected) keeps exactly its hours.
      if (!runsFit(mask | fixed, model.breakLimit, model.breakGap)) return mask;
      const wanted: { h: number; n: number }[] = [];
      for (let h = 0; h < 24; h++) {
        if (mask & (1 << h) || !model.instructorFree[i][slot(d, h)]) continue;
        let n = 0;
        for (const t of TRANSMISSIONS.filter((t) => canTeach(ins, t))) {
          n += count.get(slot(d, h) * 2 + T_INDEX[t]) ?? 0;
        }
        if (n > 0) wanted.push({ h, n });
      }
      wanted.sort((a, b) => b.n - a.n || b.h - a.h);
      for (const { h } of wanted) {
        if (runsFit(mask | fixed | (1 << h), model.breakLimit, model.breakGap)) mask |= 1 << h;
      }
      return mask;
    })
  );
}

/**
 * Reads the flow back into the lessons: per (day, hour, transmission) the instructors the flow
 * chose; a lesson keeps its instructor where they are among them.
 */
function assignInstructors(routing: InstructorNetwork, lessons: Lesson[]): void {
  const { net, teaching } = routing;
  const chosen = new Map<number, Set<number>>();
  for (const [k, edges] of teaching) {
    chosen.set(k, new Set(edges.filter((e) => net.flow[e.edge] > 0).map((e) => e.instructor)));
  }
  const keyOf = (l: Lesson) => slot(l.day, l.hour) * 2 + T_INDEX[l.transmission];
  const moving: Lesson[] = [];
  for (const l of lessons) {
    const free = chosen.get(keyOf(l))!;
    if (free.has(l.instructor)) free.delete(l.instructor);
    else moving.push(l);
  }
  for (const l of moving) {
    const free = chosen.get(keyOf(l))!;
    const [i] = free;
    free.delete(i);
    l.instructor = i;
  }
}
