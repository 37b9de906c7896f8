/** Stage 3: the best lowest share of needs met, by binary search over the share (flow/fairness.ts). */
import { bestMinShare } from "../flow/fairness.ts";
import type { Bounded } from "./02_upper_bound.ts";

export interface Fair extends Bounded {
  /** The relaxation's best lowest share (a bound on every valid plan's). */
  fairShare: number;
}

export function fairness(s: Bounded): Fair {
  return { ...s, fairShare: bestMinShare(s.network) };
}
