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
}

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
  };
  return run;
}
