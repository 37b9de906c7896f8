/**
 * HiGHS (npm `highs`, a dev dependency) on the exact hard model of mip_model.ts: the proven most
 * lessons, then the proven best lowest share among plans with that many lessons.
 */
import highsLoader from "highs";
import type { Instance } from "../../solver/instance.ts";
import { mipModel as fullModel } from "./mip_model.ts";
import { planSpecialDrives } from "../../solver/stages/00_special_drives.ts";

/**
 * The model HiGHS solves: for a version-2 instance, the ordinary lessons with stage 0's special
 * drives fixed, exactly what the planner's claims speak of (docs/planner-format.md, "What the
 * claims cover").
 */
function mipModel(instance: Instance, options?: Parameters<typeof fullModel>[1]) {
  const ordinary = instance.format === "fahrplan-instance/2"
    ? planSpecialDrives(instance).rest
    : instance;
  return fullModel(ordinary, options);
}

// The package's types describe the ESM default export; under Deno's npm interop they arrive as the
// module namespace, so the loader is typed by hand here.
type Solver = {
  solve(lp: string, options: Record<string, unknown>): { Status: string; ObjectiveValue?: number };
};
let loaded: Solver | undefined;

/** The HiGHS WebAssembly module; a fresh one after `fresh` (its heap only grows). */
export async function highs(fresh = false): Promise<Solver> {
  if (!loaded || fresh) loaded = await (highsLoader as unknown as () => Promise<Solver>)();
  return loaded;
}

export interface Exact {
  /** "Optimal" when both figures are proven. */
  status: string;
  lessons: number;
  /** Best lowest share at `lessons` (NaN when not asked or not proven). */
  bestMinShare: number;
  seconds: number;
}

/** Proven optimum of lessons and, with `fairness`, the best lowest share at it. */
export async function exactOptimum(
  instance: Instance,
  options: { timeLimit?: number; fairness?: boolean } = {},
): Promise<Exact> {
  const solver = await highs();
  const started = performance.now();
  const limit = { time_limit: options.timeLimit ?? 120, mip_rel_gap: 0 };
  const first = solver.solve(mipModel(instance).lp, limit);
  const lessons = Math.round(first.ObjectiveValue ?? 0);
  let status = first.Status, bestMinShare = NaN;
  if (options.fairness && status === "Optimal") {
    const second = solver.solve(mipModel(instance, { fairness: { lessons } }).lp, limit);
    status = second.Status;
    bestMinShare = second.ObjectiveValue ?? NaN;
  }
  return { status, lessons, bestMinShare, seconds: (performance.now() - started) / 1000 };
}

/** One HiGHS run that stops at its limit: the best plan found and the proven bound on it. */
export interface Bounded {
  /** "Optimal", or HiGHS's reason to stop (e.g. "Time limit reached"). */
  status: string;
  /** Best solution found (its objective; NaN when none). */
  incumbent: number;
  /** Proven bound: no plan is better (for a maximisation, an upper bound). */
  bound: number;
}

export interface ExactBounds {
  lessons: Bounded;
  /** The best lowest share at `lessons.incumbent`; only asked when the lessons are proven. */
  share?: Bounded;
  seconds: number;
}

// The persistent API's model status codes (highs.constants.modelStatus) in the legacy wording.
const STATUS: Record<number, string> = { 7: "Optimal", 13: "Time limit reached" };

type Persistent = {
  createModel(source: { format: "lp"; data: string }): {
    options: { set(values: Record<string, unknown>): unknown };
    info: { get(name: string): number | bigint };
    run(): { modelStatus: number };
    getObjectiveValue(): number;
    dispose(): void;
  };
};

/** Solves `lp` with the persistent API, which also reports the proven bound of an unfinished run. */
function bounded(solver: Persistent, lp: string, timeLimit: number): Bounded {
  const model = solver.createModel({ format: "lp", data: lp });
  try {
    model.options.set({ time_limit: timeLimit, mip_rel_gap: 0, output_flag: false });
    const { modelStatus } = model.run();
    const status = STATUS[modelStatus] ?? `status ${modelStatus}`;
    const incumbent = Number(model.info.get("objective_function_value"));
    const bound = Number(model.info.get("mip_dual_bound"));
    return {
      status,
      incumbent: Number.isFinite(incumbent) && Math.abs(incumbent) < 1e20 ? incumbent : NaN,
      bound: status === "Optimal" ? model.getObjectiveValue() : bound,
    };
  } finally {
    model.dispose(); // its native memory is not collected otherwise
  }
}

/**
 * Like exactOptimum, but an unfinished run says how far it got: the best plan found and the bound
 * HiGHS proved (tests/bench/planner_gaps.ts prints both instead of counting it as a match).
 */
export async function exactBounds(
  instance: Instance,
  options: { timeLimit: number },
): Promise<ExactBounds> {
  const solver = (await highs()) as unknown as Persistent;
  const started = performance.now();
  const lessons = bounded(solver, mipModel(instance).lp, options.timeLimit);
  let share: Bounded | undefined;
  if (lessons.status === "Optimal") {
    const at = Math.round(lessons.incumbent);
    share = bounded(
      solver,
      mipModel(instance, { fairness: { lessons: at } }).lp,
      options.timeLimit,
    );
  }
  return { lessons, share, seconds: (performance.now() - started) / 1000 };
}
