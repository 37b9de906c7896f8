/**
 * What every stage of plan() may read: the instance, the caller's options, when the run started
 * (the stages' deadlines are shares of the time limit) and the progress the planner card shows.
 */
import type { Instance } from "../instance.ts";

export interface Progress {
  percent: number;
  step: string;
  processedVariables: number;
  totalVariables: number;
}

export interface PlanOptions {
  /**
   * Time for the whole run; the soft-preference search stops when it is up and keeps the best
   * valid plan so far (lessons and fairness are settled before it starts).
   */
  timeLimitSeconds?: number;
  onProgress?: (p: Progress) => void;
  shouldCancel?: () => boolean;
  /** false: skip the exact repair (exact/exact_repair.ts), for measuring what it adds. */
  exactRepair?: boolean;
  /** Time the exact repair may take at most (default 2 s; never more than half the time limit). */
  exactRepairSeconds?: number;
  /**
   * Time the soft-preference search may take at most (default 3 s; it converges earlier on every
   * example on a quiet machine). Tests on a loaded machine give more so the result does not
   * depend on the load.
   */
  searchSeconds?: number;
  /** Time the Lagrangian bound may take at most (default 1 s; never more than a tenth of the limit). */
  lagrangeSeconds?: number;
  /**
   * Time each search for break patterns (routing/two_hour_breaks.ts, routing/break_patterns.ts)
   * may take at most (default 2 s; never more than a fifth of the limit).
   */
  patternSeconds?: number;
}

/** Thrown when shouldCancel() answers true. */
export class PlanCancelled extends Error {
  constructor() {
    super("Planung abgebrochen");
  }
}

export interface Run {
  instance: Instance;
  options: PlanOptions;
  /** performance.now() when plan() was called. */
  started: number;
  /** Variables of the lesson network (0 until the model is built); the progress counts them. */
  total: number;
  /**
   * Asks shouldCancel (throws PlanCancelled), then reports a step: `done` is the share of the
   * variables counted as processed. The texts are the planner card's (German); percentages only
   * grow (issue 13).
   */
  step(percent: number, text: string, done?: number): void;
  /**
   * When a time-bound step must stop: `ownSeconds` from now, and never later than `shareOfLimit`
   * of `timeLimitSeconds` (less `marginMs`) after the start, so the steps after it keep room.
   */
  deadline(ownSeconds: number, shareOfLimit: number, marginMs?: number): number;
}

/**
 * What the time-bound steps may take by default, in seconds (each PlanOptions field overrides
 * its own); each stops earlier once it has what it looks for.
 */
export const DEFAULT_SECONDS = {
  /** each search for break patterns (stages 4 and 6) */
  pattern: 2,
  /** the Lagrangian bound (stage 5) */
  lagrange: 1,
  /** the exact repair (stage 6) */
  exactRepair: 2,
  /** the soft-preference search (stage 7; it converges earlier on every example) */
  search: 3,
};

/** A run starting now. */
export function startRun(instance: Instance, options: PlanOptions): Run {
  const run: Run = {
    instance,
    options,
    started: performance.now(),
    total: 0,
    step(percent, text, done = 0) {
      if (options.shouldCancel?.()) throw new PlanCancelled();
      options.onProgress?.({
        percent,
        step: text,
        processedVariables: Math.round(run.total * done),
        totalVariables: run.total,
      });
    },
    deadline(ownSeconds, shareOfLimit, marginMs = 0) {
      const own = performance.now() + ownSeconds * 1000;
      const limit = options.timeLimitSeconds;
      if (!limit) return own;
      return Math.min(own, run.started + limit * 1000 * shareOfLimit - marginMs);
    },
  };
  return run;
}
