/**
 * From the best lowest share to a full plan's worth of lessons: progressive filling (fair and
 * maximal), routing preferred hours first, and the repair of days on which a student with both
 * transmissions got both (the split network allows that, a plan does not).
 */
import {
  bestMinShare,
  capAtShare,
  fillUp,
  lessonCounts,
  lowestShare,
  restoreCounts,
  restoreShare,
} from "../flow/fairness.ts";
import type { Model } from "../model.ts";
import type { LessonNetwork } from "../flow/network.ts";
import { routePreferredHoursFirst } from "./preferred_first.ts";
import { repairStudentDayConflicts } from "./repair.ts";

/** Distributes the lessons in the network's flow, every student at `fairShare` or above where possible. */
export function distributeLessons(model: Model, network: LessonNetwork, fairShare: number): void {
  fillUp(network, fairShare, 6);
  if (model.instance.settings.soft.preferredTimes === 0) {
    // Without a weight on preferred hours there is nothing to route them for.
    settleDayConflicts(model, network, fairShare);
    return;
  }
  const filled = network.net.snapshot(), filledLessons = total(network);
  routePreferredHoursFirst(model, network);
  settleDayConflicts(model, network, fairShare);
  const routedLessons = total(network);
  if (routedLessons >= filledLessons) return;
  // Preferred hours can bunch a student's two transmissions onto the same days; where their
  // repair cost lessons, the plain route may keep more. Lessons come before preferred hours.
  const routed = network.net.snapshot();
  network.net.restore(filled);
  settleDayConflicts(model, network, fairShare);
  if (total(network) <= routedLessons) network.net.restore(routed);
}

/**
 * Gives each conflicting day to one transmission; the lessons a repair took go back to the same
 * students where the network allows, and where someone stays below the fair share, the fair
 * distribution is searched again. Once no conflict is left, the flow is filled up to full needs,
 * and the loop checks the new lessons too.
 */
function settleDayConflicts(model: Model, network: LessonNetwork, fairShare: number): void {
  let full = false;
  for (let round = 0; round < 50; round++) {
    const counts = lessonCounts(network);
    if (repairStudentDayConflicts(model, network) === 0) {
      if (full) return;
      capAtShare(network, 1);
      network.net.maxFlow(network.source, network.sink);
      full = true;
      continue;
    }
    full = false;
    if (lowestShare(network) < fairShare - 1e-9 && !restoreShare(network, fairShare)) {
      fairShare = bestMinShare(network, fairShare);
      fillUp(network, fairShare, 6);
    } else {
      restoreCounts(network, counts);
    }
  }
  capAtShare(network, 1);
  network.net.maxFlow(network.source, network.sink);
}

function total(network: LessonNetwork): number {
  return lessonCounts(network).reduce((a, b) => a + b, 0);
}
