/// <reference lib="deno.worker" />
/**
 * Runs the synchronous planner off the worker's main thread, so heartbeats and cancel checks keep
 * running while a long step computes. Cancel = the main thread terminates this worker.
 *
 * FAHRPLAN_SOLVER_STEP_DELAY_MS (tests only) holds each progress step that long, so the fault
 * tests can kill or cancel a run while it is in the middle of planning.
 */
import { parseInstance } from "../instance.ts";
import { timedPlan } from "../plan.ts";

/** Messages this worker posts. */
export type PlanWorkerMessage =
  | {
    type: "progress";
    percent: number;
    step: string;
    processedVariables: number;
    totalVariables: number;
  }
  | { type: "done" } & ReturnType<typeof timedPlan>
  | { type: "invalid"; message: string }
  | { type: "crashed"; message: string };

const post = (message: PlanWorkerMessage) => self.postMessage(message);

/**
 * The run's safety net on time (solver/work_budget.ts): the searches are limited by work and end
 * long before it on every instance measured; a run it cuts short says so (stats.timeLimitHit).
 */
const TIME_LIMIT_SECONDS = 300;

self.onmessage = (event: MessageEvent<{ instance: unknown; stepDelayMs: number }>) => {
  const { instance, stepDelayMs } = event.data;
  let parsed;
  try {
    parsed = parseInstance(instance);
  } catch (err) {
    post({ type: "invalid", message: (err as Error).message });
    return;
  }
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  try {
    const result = timedPlan(parsed, {
      timeLimitSeconds: TIME_LIMIT_SECONDS,
      onProgress: (p) => {
        post({ type: "progress", ...p });
        // A synchronous pause: the planner is synchronous, and workers may block.
        if (stepDelayMs > 0) Atomics.wait(sleeper, 0, 0, stepDelayMs);
      },
    });
    post({ type: "done", ...result });
  } catch (err) {
    post({ type: "crashed", message: (err as Error).stack ?? String(err) });
  }
};
