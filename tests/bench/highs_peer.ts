/**
 * HiGHS (npm `highs`, a dev dependency) on the exact hard model of mip_model.ts: the proven most
 * lessons, then the proven best lowest share among plans with that many lessons.
 */
import highsLoader from "highs";
import type { Instance } from "../../solver/instance.ts";
import { mipModel } from "./mip_model.ts";

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
