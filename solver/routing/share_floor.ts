/**
 * A fairness floor for the searches over sets of hours and transmission labels
 * (break_patterns.ts, transmission_days.ts): a twin of their split network (same edges, built
 * from the same model) whose students are capped at ceil(share * need), the probe of
 * flow/fairness.ts. Every edge the search closes or opens is closed or opened here too; the
 * twin's max-flow saturates the caps exactly when the search's choices admit a plan with every
 * student at the share. The lesson counts of a network form a polymatroid, so where they do, the
 * maximum number of lessons is reachable with every student kept at the share (progressive
 * filling): the searches rank their choices by (students' lessons missing below the share, then
 * lessons), which is lexicographic (share, lessons) at this share. Gross seed 105 with two-hour
 * breaks and two lessons a day: the labels chosen for lessons alone gave 1040 lessons at a lowest
 * share of 0.158, where 0.375 is possible at 1040.
 */
import { capAtShare } from "../flow/fairness.ts";
import { buildNetwork, type LessonNetwork } from "../flow/network.ts";
import type { Model } from "../model.ts";

/** The twin network at a share; `deficit()` is what its choices miss of every student's floor. */
export class ShareFloor {
  readonly network: LessonNetwork;
  private readonly want: number;

  /** Built with the closed edges of `closed` (a network of the same model with no flow on them). */
  constructor(model: Model, closed: Uint8Array, readonly share: number) {
    this.network = buildNetwork(model, "split");
    this.network.net.closed = closed.slice();
    this.want = capAtShare(this.network, share);
  }

  /** Closes an edge, taking back the lessons through it. */
  close(e: number): void {
    const { net, source, sink } = this.network;
    while (net.flow[e] > 0) net.cancelThrough(e, source, sink);
    net.closed[e] = 1;
  }

  open(e: number): void {
    this.network.net.closed[e] = 0;
  }

  /** Lessons missing below the floor after augmenting the current flow (0: every student at the share). */
  deficit(): number {
    const { net, source, sink, needEdges } = this.network;
    net.maxFlow(source, sink);
    let have = 0;
    for (const n of needEdges) have += net.flow[n.edge];
    return this.want - have;
  }

  snapshot(): ReturnType<LessonNetwork["net"]["snapshot"]> {
    return this.network.net.snapshot();
  }

  restore(state: ReturnType<LessonNetwork["net"]["snapshot"]>): void {
    this.network.net.restore(state);
  }
}

/** A state of a search: lessons missing below the floor (0 without one), then lessons. */
export interface Score {
  deficit: number;
  lessons: number;
}

/** Whether `a` is better than `b`: fewer missing below the floor, then more lessons. */
export function better(a: Score, b: Score): boolean {
  return a.deficit < b.deficit || (a.deficit === b.deficit && a.lessons > b.lessons);
}

/** Whether `a` is as good as `b` in both figures (a sideways step). */
export function same(a: Score, b: Score): boolean {
  return a.deficit === b.deficit && a.lessons === b.lessons;
}
