/**
 * Fairness on the lesson network. The lesson counts students can reach together form a
 * polymatroid, so "every student gets at least ceil(s * need)" is checkable by one max-flow and
 * raising all caps step by step (progressive filling) keeps the maximum number of lessons.
 */
import type { LessonNetwork } from "./network.ts";

/** Sets each need edge's capacity to ceil(share * need), never above the need. */
export function capAtShare(network: LessonNetwork, share: number): number {
  let total = 0;
  for (const n of network.needEdges) {
    const cap = Math.min(n.need, Math.ceil(share * n.need - 1e-9));
    network.net.cap[n.edge] = cap;
    total += cap;
  }
  return total;
}

/** Clears all flow so the network can be solved again from scratch. */
export function resetFlow(network: LessonNetwork): void {
  network.net.flow.fill(0);
}

/**
 * The best possible lowest share: the largest s (of the form k/need, at most `atMost`) such that
 * every student can get ceil(s * need) lessons at once, by binary search over max-flows. Each
 * probe starts from the flow of the best share found so far (caps only grow from there), which
 * keeps the search to a few augmentations. Leaves the network holding the flow of that share.
 */
export function bestMinShare(network: LessonNetwork, atMost = 1): number {
  const candidates = new Set<number>([0]);
  for (const n of network.needEdges) {
    for (let k = 1; k <= n.need; k++) {
      if (k / n.need <= atMost + 1e-12) candidates.add(k / n.need);
    }
  }
  const shares = [...candidates].sort((a, b) => a - b);
  const { net } = network;
  resetFlow(network);
  capAtShare(network, 0);
  let snapshot = net.flow.slice();
  let lo = 0, hi = shares.length - 1;
  // After a small repair the previous best usually still holds: try the top first. (Without a
  // cap the top, a share of 1, stays in the search: skipping it made the planner claim a best
  // lowest share below the one its own plan reached whenever every need could be met.)
  if (atMost < 1) {
    const want = capAtShare(network, shares[hi]);
    net.maxFlow(network.source, network.sink);
    if (network.needEdges.reduce((n, e) => n + net.flow[e.edge], 0) === want) return shares[hi];
    net.flow = snapshot.slice();
    hi--;
  }
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    net.flow = snapshot.slice();
    const want = capAtShare(network, shares[mid]);
    net.maxFlow(network.source, network.sink);
    const have = network.needEdges.reduce((n, e) => n + net.flow[e.edge], 0);
    if (have === want) {
      snapshot = net.flow.slice();
      lo = mid;
    } else hi = mid - 1;
  }
  net.flow = snapshot;
  capAtShare(network, shares[lo]);
  return shares[lo];
}

/** Raises all caps from `from` to full needs in `steps` even steps, augmenting after each. */
export function fillUp(network: LessonNetwork, from: number, steps: number): void {
  for (let k = 1; k <= steps; k++) {
    capAtShare(network, from + (1 - from) * (k / steps));
    network.net.maxFlow(network.source, network.sink);
  }
}

/** The lowest share the current flow gives a student. */
export function lowestShare(network: LessonNetwork): number {
  let lowest = 1;
  for (const n of network.needEdges) lowest = Math.min(lowest, network.net.flow[n.edge] / n.need);
  return lowest;
}

/**
 * Lifts the students below `share` back to ceil(share * need) while every other student keeps
 * exactly what they have (their need edges are capped at their flow); true when that worked.
 */
export function restoreShare(network: LessonNetwork, share: number): boolean {
  const { net } = network;
  for (const n of network.needEdges) {
    net.cap[n.edge] = Math.max(
      net.flow[n.edge],
      Math.min(n.need, Math.ceil(share * n.need - 1e-9)),
    );
  }
  net.maxFlow(network.source, network.sink);
  return lowestShare(network) >= share - 1e-9;
}

/** Each student's lessons in the current flow, in the order of the need edges. */
export function lessonCounts(network: LessonNetwork): number[] {
  return network.needEdges.map((n) => network.net.flow[n.edge]);
}

/** Lifts every student back towards `counts` (from lessonCounts) and no further, where the network allows. */
export function restoreCounts(network: LessonNetwork, counts: number[]): void {
  const { net } = network;
  network.needEdges.forEach((n, k) => net.cap[n.edge] = Math.max(net.flow[n.edge], counts[k]));
  net.maxFlow(network.source, network.sink);
}
