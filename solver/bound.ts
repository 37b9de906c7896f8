/**
 * Upper bound on new lessons: the max-flow of the lesson network, a relaxation of the hard rules
 * (break rule as windows of breakAfterHours+1 hours with at most breakAfterHours lessons each).
 * Both student-side relaxations are bounds; the smaller one is reported.
 */
import type { Instance } from "./instance.ts";
import { buildModel, type Model } from "./model.ts";
import { buildNetwork, type LessonNetwork, type StudentSide } from "./network.ts";

/** Max-flow of one relaxation. */
export function relaxationFlow(
  model: Model,
  side: StudentSide,
): { lessons: number; network: LessonNetwork } {
  const network = buildNetwork(model, side);
  const lessons = network.net.maxFlow(network.source, network.sink);
  return { lessons, network };
}

/** The smallest of the relaxation bounds on the number of new lessons. */
export function upperBound(instance: Instance, model = buildModel(instance)): number {
  const split = relaxationFlow(model, "split").lessons;
  const hasBoth = instance.students.some((s) => s.needs.manual > 0 && s.needs.automatic > 0);
  return hasBoth ? Math.min(split, relaxationFlow(model, "merged").lessons) : split;
}
