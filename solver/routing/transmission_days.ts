/**
 * Students with both transmissions, made exact in the flow: each of their days is given to one
 * transmission (the other chain's day edge closed), so the split network's max-flow is a plan's
 * lessons (one lesson a day, needs per transmission). Which transmission gets which day is searched
 * locally: a day's label is flipped wherever the max-flow does not drop. The split network alone
 * lets both chains meet on a day and the repairs then drop lessons; the merged one ignores the
 * needs per transmission. On mittel with two-hour breaks (seeds 306, 406) the plan routed after
 * both lost 1-4 lessons against the merged relaxation of the same restricted model.
 */
import { capAtShare } from "../flow/fairness.ts";
import type { Model } from "../model.ts";
import type { LessonNetwork } from "../flow/network.ts";
import { better, same, type Score, type ShareFloor } from "./share_floor.ts";
import type { Work } from "../work_budget.ts";

/** One day of a student with both transmissions: the two day edges, the open one first. */
interface Choice {
  open: number;
  closed: number;
}

/**
 * Labels the days of students with both transmissions in a split network (flow at full needs is
 * computed here) and returns the max-flow the labels admit. Stops after 12 passes, or once `work`
 * is spent (a flip tried costs the network's edges) keeping the best labels so far; the network
 * is left with those labels and their max-flow.
 */
export function labelTransmissionDays(
  model: Model,
  network: LessonNetwork,
  options: { work: Work },
): number {
  const labels = transmissionLabels(model, network);
  // Strict gains first, then a pass that also takes flips keeping the flow (which lets a chain of
  // flips through), alternating until two passes in a row gain nothing.
  let idle = 0;
  for (let pass = 0; pass < 12 && idle < 2; pass++) {
    idle = labels.pass(pass % 2 === 1, options.work) ? 0 : idle + 1;
  }
  return labels.value();
}

/**
 * The labels of a split network: each day of a student with both transmissions starts with the
 * transmission the max-flow (at full needs, computed here) gave it, manual where it gave both or
 * none; the other day edge is closed. `pass` flips each day once where the flow grows (`sideways`:
 * or stays) and says whether it grew; the network always holds the labels' max-flow.
 */
export function transmissionLabels(model: Model, network: LessonNetwork) {
  const { net, source, sink } = network;
  capAtShare(network, 1);
  net.maxFlow(source, sink);
  const choices: Choice[] = [];
  model.instance.students.forEach((student, s) => {
    if (student.needs.manual === 0 || student.needs.automatic === 0) return;
    for (let d = 0; d < model.days; d++) {
      const m = network.dayEdges.get(`${s}/manual/${d}`);
      const a = network.dayEdges.get(`${s}/automatic/${d}`);
      if (m === undefined || a === undefined) continue;
      choices.push(net.flow[a] > net.flow[m] ? { open: a, closed: m } : { open: m, closed: a });
    }
  });
  const close = (e: number) => {
    while (net.flow[e] > 0) net.cancelThrough(e, source, sink);
    net.closed[e] = 1;
  };
  for (const c of choices) {
    if (net.closed[c.open]) continue; // closed before (a repair): keep it so
    close(c.closed);
  }
  net.maxFlow(source, sink);
  /**
   * With a `floor` (share_floor.ts) the flips are ranked by the lessons missing below its share
   * first, its twin network flipped alike; "grew" then means that rank improved. Each flip tried
   * spends the network's edges of `work`; the pass ends once it is spent.
   */
  const pass = (sideways: boolean, work: Work, floor?: ShareFloor): boolean => {
    let grew = false;
    let score: Score = { deficit: floor?.deficit() ?? 0, lessons: total(network) };
    for (const c of choices) {
      if (net.closed[c.open] && net.closed[c.closed]) continue;
      if (!work.spend(net.edges)) break;
      // The network may have been restored to other labels since (break_patterns.ts).
      if (net.closed[c.open]) [c.open, c.closed] = [c.closed, c.open];
      const before = net.snapshot(), twinBefore = floor?.snapshot();
      close(c.open);
      net.closed[c.closed] = 0;
      floor?.close(c.open);
      floor?.open(c.closed);
      net.maxFlow(source, sink);
      const next: Score = { deficit: floor?.deficit() ?? 0, lessons: total(network) };
      if (better(next, score) || (sideways && same(next, score))) {
        grew ||= better(next, score);
        score = next;
        [c.open, c.closed] = [c.closed, c.open];
      } else {
        net.restore(before);
        if (floor && twinBefore) floor.restore(twinBefore);
      }
    }
    return grew;
  };
  return { value: () => total(network), pass };
}

function total(network: LessonNetwork): number {
  let n = 0;
  for (const e of network.needEdges) n += network.net.flow[e.edge];
  return n;
}
