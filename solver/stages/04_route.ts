/**
 * Stage 4: the lessons routed. Progressive filling up to full needs at the fair share, routed
 * again preferred hours first (routing/distribute.ts), then repaired until every per-transmission
 * need and the break rule hold (routing/repair.ts). With two-hour breaks the plan is also routed
 * in restricted break windows (routing/two_hour_breaks.ts) and the better plan kept.
 */
import { type Lesson, lessonsFromFlow } from "../flow/assign.ts";
import { bestMinShare } from "../flow/fairness.ts";
import { buildNetwork, type LessonNetwork } from "../flow/network.ts";
import type { Model } from "../model.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import { distributeLessons } from "../routing/distribute.ts";
import { repairUntilValid } from "../routing/repair.ts";
import { labelTransmissionDays } from "../routing/transmission_days.ts";
import { bestRestriction, withRestrictedBreakWindows } from "../routing/two_hour_breaks.ts";
import type { Fair } from "./03_fairness.ts";
import { unlimited } from "../work_budget.ts";

export interface Routed extends Fair {
  /** A valid plan's lessons (each with some instructor of its hour; stage 7 chooses). */
  lessons: Lesson[];
  /** Repair rounds of the plan kept. */
  repairRounds: number;
  /** Restricted flows the search for shifted break patterns computed (two_hour_breaks.ts). */
  restrictionEdges: number;
}

export function route(s: Fair): Routed {
  const { run, model, network } = s;
  const { instance } = run;
  const routeOnce = (m: Model, net: LessonNetwork, share: number) => {
    distributeLessons(m, net, share);
    run.step(55, "Pausenregel und Bedarfe prüfen", 0.55);
    const rounds = repairUntilValid(m, net, share);
    const lessons = lessonsFromFlow(m, net);
    return { lessons, rounds, share: lowestShareOf(instance, lessons) };
  };
  let routed = routeOnce(model, network, s.fairShare);
  let restrictionEdges = 0;
  if (model.breakGap > 1) {
    // With two-hour breaks the plan is also routed where runs cannot grow too long
    // (two_hour_breaks.ts) and the better of both kept; the relaxation above stays the bound.
    const routeIn = (planModel: Model, side: "split" | "labelled" = "split") => {
      const planNetwork = buildNetwork(planModel, "split");
      // "labelled": each day of a student with both transmissions goes to one of them
      // (routing/transmission_days.ts), so the flow holds every rule of the restricted model.
      // At most 12 passes over the days (transmission_days.ts): bounded by them, not by a budget.
      if (side === "labelled") {
        labelTransmissionDays(planModel, planNetwork, { work: unlimited(run.safety) });
      } else planNetwork.net.maxFlow(planNetwork.source, planNetwork.sink);
      keep(routeOnce(planModel, planNetwork, bestMinShare(planNetwork)));
    };
    const keep = (other: typeof routed) => {
      const more = other.lessons.length - routed.lessons.length;
      if (more > 0 || (more === 0 && other.share > routed.share)) routed = other;
    };
    routeIn(withRestrictedBreakWindows(model));
    // Below the relaxation's figure, the pattern of closed hours is shifted per instructor where
    // that lets more lessons through (two_hour_breaks.ts), and the plan routed once more.
    if (routed.lessons.length < s.splitLessons) {
      const work = run.work("restrictionEdges");
      const better = bestRestriction(model, { work });
      restrictionEdges = work.used;
      // Routed labelled: each day of a student with both transmissions goes to one of them first,
      // so the split max-flow is already a plan there and no repair takes lessons back.
      routeIn(better, "labelled");
    }
  }
  return { ...s, lessons: routed.lessons, repairRounds: routed.rounds, restrictionEdges };
}
