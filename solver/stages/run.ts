/**
 * What every stage of plan() may read: the instance, the caller's options, the searches' work
 * budgets (work_budget.ts), the run's safety net on time, and the progress the planner card shows.
 */
import type { Instance } from "../instance.ts";
import { SafetyNet, Work, WORK_BUDGET } from "../work_budget.ts";

export interface Progress {
  percent: number;
  step: string;
  processedVariables: number;
  totalVariables: number;
}

export type WorkBudget = { -readonly [K in keyof typeof WORK_BUDGET]: number };

export interface PlanOptions {
  /**
   * A safety net on the whole run's time, in seconds (none by default). The searches are limited
   * by work (work_budget.ts), so the plan does not depend on the machine's load; only where this
   * limit cuts a search short does it, and then `stats.timeLimitHit` is true. Lessons and fairness
   * of the flow's plan are settled before any search, so the plan stays valid.
   */
  timeLimitSeconds?: number;
  onProgress?: (p: Progress) => void;
  shouldCancel?: () => boolean;
  /** false: skip the exact repair (exact/exact_repair.ts), for measuring what it adds. */
  exactRepair?: boolean;
  /** Budgets other than WORK_BUDGET's (probes and tests that measure what a budget gives). */
  workBudget?: Partial<WorkBudget>;
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
  /** performance.now() when plan() was called (for the timing report only). */
  started: number;
  /** Milliseconds per timed step (timing report only, never in the plan: it must not vary). */
  timing: Record<string, number>;
  /** The time limit as a safety net (work_budget.ts). */
  safety: SafetyNet;
  /** Variables of the lesson network (0 until the model is built); the progress counts them. */
  total: number;
  /**
   * Asks shouldCancel (throws PlanCancelled), then reports a step: `done` is the share of the
   * variables counted as processed. The texts are the planner card's (German); percentages only
   * grow (issue 13).
   */
  step(percent: number, text: string, done?: number): void;
  /** A fresh count against the budget `name` (WORK_BUDGET, or the caller's workBudget). */
  work(name: keyof WorkBudget): Work;
}

/** A run starting now. */
export function startRun(instance: Instance, options: PlanOptions): Run {
  const started = performance.now();
  const safety = new SafetyNet(options.timeLimitSeconds, started);
  const run: Run = {
    instance,
    options,
    started,
    timing: {},
    safety,
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
    work(name) {
      return new Work(options.workBudget?.[name] ?? WORK_BUDGET[name], safety);
    },
  };
  return run;
}
