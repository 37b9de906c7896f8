/**
 * Upper bounds computed by the project itself, on two relaxations of the hard rules (max-flow on
 * the lesson network, break rule as windows of breakAfterHours+1 hours with at most
 * breakAfterHours lessons): "split" keeps needs per transmission exact, "merged" keeps a student
 * with both transmissions exact per day and hour. Both are relaxations, so the smaller value of each
 * is still an upper bound on what any valid plan reaches.
 */
import { bestMinShare } from "../flow/fairness.ts";
import type { Instance } from "../instance.ts";
import type { Model } from "../model.ts";
import { buildNetwork, type LessonNetwork, type StudentSide } from "../flow/network.ts";

/** Max-flow of one relaxation. */
export function relaxationFlow(
  model: Model,
  side: StudentSide,
): { lessons: number; network: LessonNetwork } {
  const network = buildNetwork(model, side);
  const lessons = network.net.maxFlow(network.source, network.sink);
  return { lessons, network };
}

/** True when a student needs both transmissions (only then do the two relaxations differ). */
export function hasBothTransmissions(instance: Instance): boolean {
  return instance.students.some((s) => s.needs.manual > 0 && s.needs.automatic > 0);
}

/**
 * Upper bound on new lessons and on the best possible lowest share (no valid plan does better on
 * either; whether a plan reaches them is for the caller to compare). `reached` is what a valid plan
 * got: where it already meets the split relaxation's figures, the merged relaxation cannot give
 * less (a valid plan fits every relaxation, and its lowest share is one of the shares the search
 * tries), so that second network is only built when it could tighten a figure.
 */
export function bounds(
  model: Model,
  split?: { lessons: number; share: number },
  reached?: { lessons: number; minShare: number },
): { upperBound: number; minShareBound: number } {
  if (!split) {
    const { lessons, network } = relaxationFlow(model, "split");
    split = { lessons, share: bestMinShare(network) };
  }
  let upperBound = split.lessons, share = split.share;
  if (!hasBothTransmissions(model.instance)) return { upperBound, minShareBound: share };
  const lessonsOpen = !reached || reached.lessons < upperBound;
  const shareOpen = !reached || reached.minShare < share - 1e-9;
  if (lessonsOpen || shareOpen) {
    const merged = relaxationFlow(model, "merged");
    upperBound = Math.min(upperBound, merged.lessons);
    if (shareOpen) share = Math.min(share, bestMinShare(merged.network));
  }
  return { upperBound, minShareBound: share };
}
