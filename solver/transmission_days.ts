/**
 * Students with both transmissions, made exact in the flow: each of their days is given to one
 * transmission (the other chain's day edge closed), so the split network's max-flow is a plan's
 * lessons (one lesson a day, needs per transmission). Which transmission gets which day is searched
 * locally: a day's label is flipped wherever the max-flow does not drop. The split network alone
 * lets both chains meet on a day and the repairs then drop lessons; the merged one ignores the
 * needs per transmission. On mittel with two-hour breaks (seeds 306, 406) the plan routed after
 * both lost 1-4 lessons against the merged relaxation of the same restricted model.
 */
import { capAtShare } from "./fairness.ts";
import type { Model } from "./model.ts";
import type { LessonNetwork } from "./network.ts";

/** One day of a student with both transmissions: the two day edges, the open one first. */
interface Choice {
  open: number;
  closed: number;
}

/**
 * Labels the days of students with both transmissions in a split network (flow at full needs is
 * computed here) and returns the max-flow the labels admit. Stops at `deadline` keeping the best
 * labels so far; the network is left with those labels and their max-flow.
 */
export function labelTransmissionDays(
  model: Model,
  network: LessonNetwork,
  options: { deadline: number },
): number {
  const { net, source, sink } = network;
  const st = model.instance.students;
  capAtShare(network, 1);
  net.maxFlow(source, sink);
  const flowOf = (e: number) => net.flow[e];
  const choices: Choice[] = [];
  st.forEach((student, s) => {
    if (student.needs.manual === 0 || student.needs.automatic === 0) return;
    for (let d = 0; d < model.days; d++) {
      const m = network.dayEdges.get(`${s}/manual/${d}`);
      const a = network.dayEdges.get(`${s}/automatic/${d}`);
      if (m === undefined || a === undefined) continue;
      // Start from the flow: the transmission it gave the day (manual when it gave both or none,
      // flipped below where that costs lessons).
      choices.push(flowOf(a) > flowOf(m) ? { open: a, closed: m } : { open: m, closed: a });
    }
  });
  if (choices.length === 0) return total(network);
  const close = (e: number) => {
    while (net.flow[e] > 0) net.cancelThrough(e, source, sink);
    net.closed[e] = 1;
  };
  for (const c of choices) {
    if (net.closed[c.open]) continue; // closed before (a repair): keep it so
    close(c.closed);
  }
  net.maxFlow(source, sink);
  let value = total(network);
  // Flips: strict gains first, then a pass that also takes flips keeping the flow (each day once a
  // pass), which lets a chain of flips through; stops after a pass without any change.
  for (let pass = 0; pass < 20; pass++) {
    let gained = false, moved = false;
    for (const c of choices) {
      if (performance.now() >= options.deadline) return value;
      if (net.closed[c.open] && net.closed[c.closed]) continue;
      const before = net.snapshot();
      close(c.open);
      net.closed[c.closed] = 0;
      net.maxFlow(source, sink);
      const v = total(network);
      if (v > value || (v === value && pass > 0 && !gained)) {
        if (v > value) gained = true;
        else moved = true;
        value = v;
        const open = c.closed;
        c.closed = c.open;
        c.open = open;
      } else net.restore(before);
    }
    if (!gained && (!moved || pass > 3)) break;
  }
  return value;
}

function total(network: LessonNetwork): number {
  let n = 0;
  for (const e of network.needEdges) n += network.net.flow[e.edge];
  return n;
}

/** Time the labelling may take at most (10-80 ms on mittel with two-hour breaks). */
const LABEL_SECONDS = 0.5;

/** The labelling's deadline from now. */
export function labelDeadline(): { deadline: number } {
  return { deadline: performance.now() + LABEL_SECONDS * 1000 };
}
