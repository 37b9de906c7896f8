/**
 * Stage 2: the max-flow of the lesson network, the most lessons the split relaxation admits (an
 * upper bound; stage 5 may tighten it). The flow stays in the network for stage 3.
 */
import type { Modelled } from "./01_model.ts";

export interface Bounded extends Modelled {
  /** The split relaxation's max-flow. */
  splitLessons: number;
}

export function upperBound(s: Modelled): Bounded {
  const { network } = s;
  return { ...s, splitLessons: network.net.maxFlow(network.source, network.sink) };
}
