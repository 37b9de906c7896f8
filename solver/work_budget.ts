/**
 * How much work each search of the planner may do. Every search stops after a number of work
 * units (or once it meets its bound), never after elapsed seconds: the same instance and settings
 * then give the same plan, byte for byte, on a quiet or a busy machine. The wall clock remains only
 * as the run's safety net (PlanOptions.timeLimitSeconds, SafetyNet below); when it cuts a search
 * short, the plan says so (`stats.timeLimitHit`).
 *
 * The budgets are sized so that every replayed fixture (solver/exact_vs_highs.test.ts) and every
 * instance of the gaps bench (tests/bench/planner_gaps.ts) reaches HiGHS's optimum and best lowest
 * share; the searches stop earlier wherever the plan meets its bound, which it does on most.
 */
export const WORK_BUDGET = {
  /**
   * Shifted break patterns (routing/two_hour_breaks.ts bestRestriction, stage 4): a restricted
   * model's network built and its max-flow solved costs one unit per edge of that network (so the
   * budget means about as much time on a small school as on a large one: about 2 million units a
   * second on one core of the 2-core development machine).
   */
  restrictionEdges: 6_000_000,
  /**
   * Allowed sets of hours (routing/break_patterns.ts, stage 6; fair_patterns.ts shares one such
   * budget among its probes): a try (an instructor day's set of hours or a day's transmission label
   * changed, the flow copied and augmented, kept or undone) costs one unit per edge of the network
   * (about 30-60 million units a second on one core of the development machine).
   */
  patternEdges: 250_000_000,
  /**
   * The Lagrangian bound (bounds/lagrange_bound.ts, stage 5): one unit is one price flip tried.
   * Where the first bound leaves the plan below, the second (on the model with the unusable hours
   * closed) gets a budget of its own.
   */
  lagrangeEvaluations: 10_000,
  /**
   * The exact repair (exact/exact_repair.ts, stage 6): one unit is one neighbourhood solved. Where
   * it closes a gap it does so within the first few programmes (a single day, before the pairs);
   * where the plan is already at the optimum and only the bound is loose, every programme finds
   * nothing, so the budget is what such a plan pays.
   */
  exactNeighbourhoods: 30,
  /**
   * yalps's branch-and-cut iterations for one neighbourhood's programme (each solves one linear
   * relaxation); a programme that needs more counts as timed out and is skipped.
   */
  exactIterationsPerNeighbourhood: 400,
} as const;

/**
 * The run's safety net: elapsed time against `timeLimitSeconds` (none: never expires). Once it
 * has expired it stays so, and `hit` tells that some search was cut short by it.
 */
export class SafetyNet {
  hit = false;
  private readonly until: number;
  constructor(limitSeconds: number | undefined, started = performance.now()) {
    this.until = limitSeconds ? started + limitSeconds * 1000 : Infinity;
  }
  /** True once the time limit is over; a search that asks this and stops has been cut short. */
  expired(): boolean {
    if (!this.hit && this.until !== Infinity && performance.now() >= this.until) this.hit = true;
    return this.hit;
  }
  /** Milliseconds left before the limit (Infinity without one); for yalps's timeout. */
  remainingMs(): number {
    return this.until === Infinity ? Infinity : Math.max(1, this.until - performance.now());
  }
}

/** A search's count of work units against its budget (and the run's safety net). */
export class Work {
  used = 0;
  constructor(
    readonly budget: number,
    readonly safety: SafetyNet = new SafetyNet(undefined),
    private readonly parent?: Work,
  ) {}
  /** Whether another unit may be spent (without spending it). */
  left(): boolean {
    return this.used < this.budget && (this.parent?.left() ?? true) && !this.safety.expired();
  }
  /**
   * Spends `units` (default 1) if any are left; false (nothing spent) once the budget or the time
   * is up. The last step may overdraw the budget by less than its own cost.
   */
  spend(units = 1): boolean {
    if (!this.left()) return false;
    this.count(units);
    return true;
  }
  /** A part of what is left (`share` of it), counted against this budget as it is spent. */
  part(share: number): Work {
    return new Work(Math.floor((this.budget - this.used) * share), this.safety, this);
  }
  private count(units: number) {
    this.used += units;
    this.parent?.count(units);
  }
}

/** Work without limit other than `safety` (tests, probes). */
export function unlimited(safety?: SafetyNet): Work {
  return new Work(Infinity, safety);
}
