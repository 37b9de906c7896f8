import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { useToast } from "../../components/ui/toast.tsx";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import { followPlanner } from "./planner_feed.ts";

/** The card's phase: the server's status in the words the card uses. */
export type Phase = "idle" | "running" | "success" | "cancelled" | "error";

const POLL_MS = 2000;
const CLEAR_AFTER_MS = 3000;

/** Maps the server's status words to the card's phase. */
export function phaseOf(status: PlannerProgress["status"] | undefined): Phase {
  if (status === "completed") return "success";
  if (status === "failed") return "error";
  if (status === "running" || status === "cancelled") return status;
  return "idle";
}

/**
 * The planner state machine of spec 01 §4: start sets running at once and follows the run by the
 * server's event stream (each step, and the result as soon as it is saved), polling every 2 s
 * where the stream fails (planner_feed.ts); success stops following, toasts the count and reloads statistics; error and cancelled clear after
 * 3 s; every finished state is reset on the server.
 */
export function usePlanner(
  onFinished: (progress: PlannerProgress) => void,
  onActivity: () => void = () => {},
) {
  const { show: showToast } = useToast();
  const [progress, setProgress] = useState<PlannerProgress | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const following = useRef<(() => void) | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A start pressed before the opening state arrived: that older state must not reset the card.
  const startedHere = useRef(false);
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  // Start, cancel and every outcome write a line of the server's activity log.
  const onActivityRef = useRef(onActivity);
  onActivityRef.current = onActivity;

  const stopFollowing = useCallback(() => {
    following.current?.();
    following.current = null;
  }, []);

  const clearCard = useCallback(() => {
    setProgress(null);
    setPhase("idle");
    setStartedAt(null);
  }, []);

  const resetOnServer = useCallback(() => {
    call("POST /admin/reset-planner-progress/").catch(() => {});
  }, []);

  const clearLater = useCallback(() => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(clearCard, CLEAR_AFTER_MS);
  }, [clearCard]);

  const apply = useCallback((p: PlannerProgress, fromPolling: boolean) => {
    const next = phaseOf(p.status);
    if (next === "idle") {
      if (!fromPolling) clearCard();
      return;
    }
    setProgress(p);
    setPhase(next);
    if (next === "running") {
      if (p.started_at) setStartedAt(Date.parse(p.started_at));
      return;
    }
    stopFollowing();
    resetOnServer();
    onActivityRef.current();
    if (next === "success") {
      showToast(
        p.replan?.proposed
          ? `Vorschlag: ${p.replan.moved.length} Termine verlegen, ` +
            `${p.replan.cancelled.length} stornieren. Noch nichts geändert.`
          : p.replan
          ? `${p.replan.moved.length} Termine verlegt, ${p.replan.cancelled.length} storniert.`
          : `${p.appointments_created} Termine wurden erstellt.`,
        "success",
      );
      onFinishedRef.current(p);
    } else {
      clearLater();
    }
  }, [clearCard, clearLater, resetOnServer, stopFollowing, showToast]);

  const poll = useCallback(async () => {
    try {
      apply(await call("GET /admin/planner-progress/"), true);
    } catch (err) {
      // A 502 while the API restarts is ignored (spec 01 §7), like any passing network error: the
      // next poll tries again. Signed out (401/403): there is nothing more to follow.
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        stopFollowing();
        clearCard();
      }
    }
  }, [apply, clearCard, stopFollowing]);

  const startFollowing = useCallback(() => {
    stopFollowing();
    // A pushed state is handled like a polled one: "idle" (the job was dismissed) changes nothing.
    following.current = followPlanner((p) => apply(p, true), () => void poll(), POLL_MS);
  }, [apply, poll, stopFollowing]);

  // On opening the panel: follow a run that is still going, and show once the outcome of one that
  // finished while nobody watched (it is reset on the server as soon as it is shown). Read afresh
  // at each opening (nothing kept in the cache) and only then: the stream follows from there. A
  // passing 502 while the API restarts is tried again by the query library. Once it was shown (or
  // a run was started here) the query is switched off, so no invalidation (a finished run
  // invalidates all loaded data) reads it again beside the stream.
  const [opened, setOpened] = useState(false);
  const opening = useQuery({
    enabled: !opened,
    queryKey: queryKeys.plannerProgress,
    queryFn: ({ signal }) => call("GET /admin/planner-progress/", { signal }),
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useEffect(() => {
    const p = opening.data;
    if (!p || opened) return;
    setOpened(true);
    if (startedHere.current) return;
    apply(p, false);
    if (phaseOf(p.status) === "running") startFollowing();
  }, [opening.data, opened, apply, startFollowing]);
  useEffect(() => () => {
    stopFollowing();
    if (clearTimer.current) clearTimeout(clearTimer.current);
  }, [stopFollowing]);

  /**
   * Starts a full run, or the re-planning of the lessons inside absences. `testDataOnly` plans
   * only the test-data package's people (the admin tour: real people stay untouched).
   */
  const start = useCallback(
    async (kind: PlannerProgress["kind"] = "full", testDataOnly = false) => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
      startedHere.current = true;
      setOpened(true);
      setPhase("running");
      setStartedAt(Date.now());
      setProgress(null);
      try {
        if (kind === "full") {
          await call("POST /admin/run-planner/", {
            body: testDataOnly ? { scope: "test_data" } : {},
          });
        } else await call("POST /admin/replan-affected/");
        // Only now: the stream's first state is then this job, not the one shown before.
        startFollowing();
        onActivityRef.current();
      } catch (err) {
        stopFollowing();
        clearCard();
        showToast(
          err instanceof ApiError && err.message ? err.message : "Fehler beim Starten der Planung.",
          "error",
        );
      }
    },
    [clearCard, startFollowing, stopFollowing, showToast],
  );

  const cancel = useCallback(async () => {
    try {
      await call("POST /admin/cancel-planner/");
      onActivityRef.current();
      stopFollowing();
      setPhase("cancelled");
      resetOnServer();
      showToast("Die Planung wurde abgebrochen.", "warning");
      clearLater();
    } catch (err) {
      showToast(
        err instanceof ApiError && err.message ? err.message : "Fehler beim Abbrechen der Planung",
        "error",
      );
    }
  }, [clearLater, resetOnServer, stopFollowing, showToast]);

  const close = useCallback(() => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearCard();
  }, [clearCard]);

  return { progress, phase, startedAt, start, cancel, close };
}

/** The planner's state and actions, shared by the planner card and the affected banner. */
export type PlannerControl = ReturnType<typeof usePlanner>;
