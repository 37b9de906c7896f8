import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { TourName } from "../../../../common/contract/tutorial.ts";
import { call } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { autoStartDelayMs } from "./tutorial_logic.ts";

/**
 * The tours open right now. One tour at a time: the admin tour walks through /students, and the
 * student-list tour must not start over it there.
 */
const openTours = new Set<TourName>();
const openToursHeard = new Set<() => void>();

function setTourOpen(tour: TourName, open: boolean) {
  if (open) openTours.add(tour);
  else openTours.delete(tour);
  for (const heard of openToursHeard) heard();
}

/**
 * Whether a tour is open now, for a screen that acts differently under it (the planner card plans
 * only the test data while the admin tour runs, issue 25.12).
 */
export function useTourOpen(tour: TourName): boolean {
  return useSyncExternalStore(
    (heard) => {
      openToursHeard.add(heard);
      return () => openToursHeard.delete(heard);
    },
    () => openTours.has(tour),
  );
}

/** Who set the spec's local key: several people may share one office browser. */
const ownerKey = (storageKey: string) => `${storageKey}-benutzer`;

/**
 * Whether this browser's local key says the tour is done for this user. The spec's key is per
 * browser; signed in, a key another user set does not count, so one admin's finished tour does not
 * end it for the next one at the same browser (nor tell the server so). A key without an owner
 * (set before owners were kept) still counts.
 */
function doneHere(storageKey: string, userId: number | null): boolean {
  if (localStorage.getItem(storageKey) !== "true") return false;
  const owner = localStorage.getItem(ownerKey(storageKey));
  return userId === null || owner === null || owner === String(userId);
}

/** Keeps the spec's local key in step, with the user it speaks for. */
function keepLocally(storageKey: string, userId: number | null) {
  localStorage.setItem(storageKey, "true");
  if (userId === null) localStorage.removeItem(ownerKey(storageKey));
  else localStorage.setItem(ownerKey(storageKey), String(userId));
}

/** Marks a tour done in the spec's local key and, for a signed-in user, on the server. */
function markSeen(tour: TourName, storageKey: string, userId: number | null) {
  keepLocally(storageKey, userId);
  if (userId === null) return;
  // A failed call only costs a rerun: the local key still holds in this browser.
  call("PUT /my-tutorials/", { body: { tour, completed: true } }).catch((err) =>
    console.error("Tutorial-Status konnte nicht gespeichert werden", err)
  );
}

export interface TourOptions {
  tour: TourName;
  /** the spec's local completion key ('true' when done) */
  storageKey: string;
  /** whether this user has the tour at all (role, the demo link) */
  enabled: boolean;
  /**
   * The signed-in user's id: completion is kept on the server and follows them to another
   * browser. null without sign-in: completion lives only in this browser's local key.
   */
  userId: number | null;
  /** whether the tour may start by itself now: its screen is shown and shows what it points at */
  autoStart: boolean;
}

/**
 * Open state of one tour for every tour of the product (spec 01 §4, spec 02 §4): it starts
 * 1 s after its screen is ready unless done (server or local key) or switched off; finishing or
 * quitting marks it done; start() opens it any time (the ?-button).
 */
export function useTour({ tour, storageKey, enabled, userId, autoStart }: TourOptions) {
  const [open, setOpen] = useState(false);
  /** the tour started or ended in this screen: seen, whatever the server says */
  const [seenHere, setSeenHere] = useState(false);

  // The server's flag follows the user to another browser (one answer for all tours). A failed
  // answer is not tried again: the tour goes by the local key instead of waiting.
  const server = useQuery({
    queryKey: [...queryKeys.tutorials, userId],
    queryFn: ({ signal }) => call("GET /my-tutorials/", { signal }),
    enabled: enabled && userId !== null,
    retry: false,
  });
  const local = enabled && doneHere(storageKey, userId);
  /** null while the server has not answered */
  const seen: boolean | null = !enabled
    ? null
    : seenHere
    ? true
    : userId === null || server.isError
    ? local
    : server.data
    ? server.data.completed[tour] || local
    : null;

  // The local key is kept in step both ways (a browser that finished the tour before the server
  // knew tells it now).
  const serverDone = server.data?.completed[tour];
  useEffect(() => {
    if (!enabled || userId === null || serverDone === undefined) return;
    if (serverDone) keepLocally(storageKey, userId);
    else if (doneHere(storageKey, userId)) markSeen(tour, storageKey, userId);
  }, [serverDone, enabled, tour, storageKey, userId]);

  useEffect(() => {
    if (!enabled || seen !== false || !autoStart || !isEnabled("tutorial")) return;
    const timer = setTimeout(() => {
      // Another tour is on screen: this one waits for the next visit.
      if ([...openTours].some((other) => other !== tour)) return;
      setSeenHere(true);
      setOpen(true);
    }, autoStartDelayMs);
    return () => clearTimeout(timer);
  }, [enabled, seen, autoStart, tour]);

  useEffect(() => {
    if (!open) return;
    setTourOpen(tour, true);
    return () => setTourOpen(tour, false);
  }, [open, tour]);

  const finish = useCallback(() => {
    setOpen(false);
    setSeenHere(true);
    markSeen(tour, storageKey, userId);
  }, [tour, storageKey, userId]);
  const start = useCallback(() => setOpen(true), []);
  return { open, start, finish };
}
