/**
 * Stage 10: the plan as docs/planner-format.md gives it: the appointments, what is missing and why, the
 * quality measures (report/quality.ts), what the run may claim about them, the figures of every
 * stage (work done, never elapsed time: the plan is the same on a quiet or a busy machine), and
 * per student the regular instructor (report/continuity_report.ts).
 */
import type { Plan, PlanStats } from "../plan_format.ts";
import { continuityReport } from "../report/continuity_report.ts";
import { measureQuality } from "../report/quality.ts";
import type { Explained } from "./09_reasons.ts";

export function report(s: Explained): Plan {
  const { run: { instance, total, safety }, model, appointments, search, exact, lagrange } = s;
  const quality = measureQuality(instance, { appointments }, model);
  return {
    format: "fahrplan-plan/1",
    appointments,
    unplanned: s.unplanned,
    stats: {
      ...quality,
      ...provenClaims(quality, s.reference),
      repairRounds: s.repairRounds,
      restrictionEdges: s.restrictionEdges,
      patternEdges: s.patternEdges,
      exactDaysSolved: exact.daysSolved,
      exactDaysImproved: exact.daysImproved,
      exactDaysTimedOut: exact.daysTimedOut,
      lagrangeEvaluations: lagrange.evaluations,
      searchMoves: search.moves,
      searchSweeps: search.sweeps,
      softPenaltyBefore: Math.round(search.penaltyBefore),
      softPenaltyAfter: Math.round(search.penaltyAfter),
      variables: total,
      // Elapsed times are not part of the plan (they vary with the machine's load): timedPlan()
      // reports them beside it. Only whether the time limit cut a search short is.
      timeLimitHit: safety.hit,
    },
    continuity: continuityReport(instance, appointments).students.map((c) => ({
      student: c.student,
      regularInstructor: c.regularInstructor,
      regularShare: c.regularShare,
      instructorsPerMonth: c.instructorsPerMonth,
    })),
  };
}

/**
 * What the run may claim: optimal only when the lessons reach the upper bound, a best lowest share
 * only when the plan's lowest share reaches the bound on it (else only the bound is reported).
 */
export function provenClaims(
  reached: { lessons: number; minShare: number },
  reference: { upperBound: number; minShareBound: number },
): Pick<PlanStats, "upperBound" | "optimal" | "lessonsGap" | "minShareBound" | "bestMinShare"> {
  const { upperBound, minShareBound } = reference;
  const proven = reached.minShare >= minShareBound - 1e-9;
  return {
    upperBound,
    optimal: reached.lessons === upperBound,
    lessonsGap: upperBound - reached.lessons,
    minShareBound,
    ...(proven ? { bestMinShare: reached.minShare } : {}),
  };
}
