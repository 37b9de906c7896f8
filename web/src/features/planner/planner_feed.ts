import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import { apiUrl } from "../../lib/api.ts";

/** The server's push of the planner's state (api/planner/event_stream.ts). */
export const PLANNER_EVENTS_URL = apiUrl("GET /admin/planner-events/");

/**
 * Follows a planner run: the server's event stream where it works, the spec's poll every
 * `pollMs` otherwise. The stream delivers each step and the result as soon as the worker commits
 * it; when it fails (no EventSource, a proxy that blocks it, the API restarting) the card polls
 * instead, beginning at once, for the rest of this run. Returns the function that stops it.
 */
export function followPlanner(
  onProgress: (progress: PlannerProgress) => void,
  poll: () => void,
  pollMs: number,
): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const fallBack = () => {
    source?.close();
    source = undefined;
    if (stopped || timer !== undefined) return;
    poll();
    timer = setInterval(poll, pollMs);
  };

  if (typeof EventSource === "undefined") fallBack();
  else {
    source = new EventSource(PLANNER_EVENTS_URL, { withCredentials: true });
    source.addEventListener("progress", (event) => {
      if (stopped) return;
      try {
        onProgress(JSON.parse((event as MessageEvent<string>).data) as PlannerProgress);
      } catch {
        fallBack();
      }
    });
    // EventSource would reconnect by itself, but a blocked or dropped stream may also be one
    // that never comes back; polling is certain to.
    source.addEventListener("error", fallBack);
  }

  return () => {
    stopped = true;
    source?.close();
    source = undefined;
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
}
