/**
 * Repairs for the rules the lesson network only relaxes: a shared (merged) chain may give a
 * student more lessons of one transmission than needed, and break windows may still let a run of
 * lessons cross a window edge. Each repair takes flow out and closes the edge for good, so the
 * loop ends; the max-flow then re-routes the freed lessons elsewhere.
 */
import type { Model } from "../model.ts";
import { slot } from "../model.ts";
import type { LessonNetwork } from "../flow/network.ts";
import { overlongRuns } from "../rules/break_after_hours.ts";
import { capAtShare } from "../flow/fairness.ts";

/** The items whose edge carries flow, grouped by `keyOf`. */
function flowingBy<T extends { edge: number }>(
  network: LessonNetwork,
  items: readonly T[],
  keyOf: (item: T) => number,
): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    if (network.net.flow[item.edge] <= 0) continue;
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(item);
  }
  return groups;
}

/** Takes back lessons of a transmission beyond the student's need and closes that transmission. */
export function repairTransmissionExcess(model: Model, network: LessonNetwork): number {
  const { net } = network;
  const merged = network.mergedStudents;
  let repairs = 0;
  const byKey = new Map<string, number[]>();
  for (const l of network.lessons) {
    if (!merged.has(l.student)) continue;
    const key = `${l.student}/${l.transmission}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key)!.push(l.edge);
  }
  for (const [key, edges] of byKey) {
    const [s, t] = key.split("/");
    const need = model.instance.students[+s].needs[t as "manual" | "automatic"];
    const used = edges.filter((e) => net.flow[e] > 0);
    if (used.length < need) continue;
    for (const e of used.slice(need)) {
      net.cancelThrough(e, network.source, network.sink);
      repairs++;
    }
    for (const e of edges) net.closed[e] = 1;
  }
  return repairs;
}

/** Takes back a lesson where a student's two transmission chains meet on one day or hour, closing that day for it. */
export function repairStudentDayConflicts(model: Model, network: LessonNetwork): number {
  const { net } = network;
  const byDay = flowingBy(network, network.lessons, (l) => l.student * model.days + l.day);
  const got = new Map<string, number>();
  for (const l of network.lessons) {
    if (net.flow[l.edge] > 0) {
      got.set(
        `${l.student}/${l.transmission}`,
        (got.get(`${l.student}/${l.transmission}`) ?? 0) + 1,
      );
    }
  }
  let repairs = 0;
  for (const list of byDay.values()) {
    if (list.length < 2 || list.every((l) => l.transmission === list[0].transmission)) continue;
    const s = list[0].student, d = list[0].day;
    const hours = new Set(list.map((l) => l.hour));
    if (list.length <= model.studentDayCap[s][d] && hours.size === list.length) continue;
    // Drop the transmission the student is further along in.
    const st = model.instance.students[s];
    const share = (t: "manual" | "automatic") => (got.get(`${s}/${t}`) ?? 0) / st.needs[t];
    const drop = share("manual") >= share("automatic") ? "manual" : "automatic";
    for (const l of list.filter((l) => l.transmission === drop)) {
      net.cancelThrough(l.edge, network.source, network.sink);
      repairs++;
    }
    net.closed[network.dayEdges.get(`${s}/${drop}/${d}`)!] = 1;
  }
  return repairs;
}

/** Closes one hour inside every run of lessons longer than breakAfterHours. */
export function repairLongRuns(model: Model, network: LessonNetwork): number {
  const { net } = network;
  const taught = flowingBy(network, network.teaching, (t) => t.instructor * model.days + t.day);
  let repairs = 0;
  for (const [key, teaching] of taught) {
    const hours = teaching.map((t) => t.hour);
    const i = Math.floor(key / model.days), d = key % model.days;
    const fixed = [...Array(24).keys()].filter((h) => model.instructorFixed[i][slot(d, h)]);
    const mine = new Set(hours);
    for (const run of overlongRuns([...hours, ...fixed], model.breakLimit, model.breakGap)) {
      const order = run.map((_, k) => k).sort((a, b) =>
        Math.abs(a - model.breakLimit) - Math.abs(b - model.breakLimit) || b - a
      );
      const k = order.find((k) => mine.has(run[k]));
      if (k === undefined) continue;
      const edge = network.hourEdges.get((i * model.days + d) * 24 + run[k])!;
      net.cancelThrough(edge, network.source, network.sink);
      net.closed[edge] = 1;
      repairs++;
    }
  }
  return repairs;
}

/**
 * Alternates repairs and max-flow until no repair is needed; returns the rounds taken. With
 * `fairShare`, the lessons a repair took go first to the students below that share (the max-flow
 * runs with every student capped at it, then at full needs; an augmenting path never lowers a
 * student's lessons), so a repair costs the fairness the routing reached only where nothing else
 * can take the lesson (legendary seed 309: lowest share 0.1 instead of the best 0.125).
 */
export function repairUntilValid(
  model: Model,
  network: LessonNetwork,
  fairShare?: number,
  maxRounds = 200,
): number {
  for (let round = 1; round <= maxRounds; round++) {
    const repairs = repairTransmissionExcess(model, network) +
      repairStudentDayConflicts(model, network) +
      repairLongRuns(model, network);
    if (repairs === 0) return round - 1;
    if (fairShare !== undefined) {
      const caps = network.needEdges.map((n) => network.net.cap[n.edge]);
      capAtShare(network, fairShare);
      network.net.maxFlow(network.source, network.sink);
      network.needEdges.forEach((n, k) => network.net.cap[n.edge] = caps[k]);
    }
    network.net.maxFlow(network.source, network.sink);
  }
  throw new Error("Reparatur der Pausenregel kommt nicht zum Ende");
}
