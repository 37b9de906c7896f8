/**
 * Stage 1: the instance unrolled into hour grids (model.ts, the rules in rules/) and the lesson
 * network on them (flow/network.ts), split per transmission: the relaxation every later stage
 * starts from.
 */
import { buildNetwork, type LessonNetwork } from "../flow/network.ts";
import { buildModel, type Model } from "../model.ts";
import type { Run } from "./run.ts";

export interface Modelled {
  run: Run;
  model: Model;
  network: LessonNetwork;
}

export function buildModelAndNetwork(run: Run): Modelled {
  const model = buildModel(run.instance);
  return { run, model, network: buildNetwork(model, "split") };
}
