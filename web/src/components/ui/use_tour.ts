import { useCallback, useEffect, useState } from "react";
import type { TourName } from "../../../../common/contract/tutorial.ts";
import { call } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { autoStartDelayMs } from "./tutorial_logic.ts";

/**
 * The tours open right now. One tour at a time: the admin tour walks through /students, and the
 * student-list tour must not start over it there.
 */
const openTours = new Set<TourName>();

/** Marks a tour done in the spec's local key and, for a signed-in user, on the server. */
function markSeen(tour: TourName, storageKey: string, onServer: boolean) {
  localStorage.setItem(storageKey, "true");
  if (!onServer) return;
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
  /** null while the server has not answered */
  const [seen, setSeen] = useState<boolean | null>(null);

  // The server's flag follows the user to another browser; the local key is kept in step both
  // ways (a browser that finished the tour before the server knew tells it now).
  useEffect(() => {
    if (!enabled) return;
    const local = localStorage.getItem(storageKey) === "true";
    if (userId === null) return setSeen(local);
    let gone = false;
    call("GET /my-tutorials/")
      .then((state) => {
        if (gone) return;
        const done = state.completed[tour];
        if (done) localStorage.setItem(storageKey, "true");
        else if (local) markSeen(tour, storageKey, true);
        setSeen(done || local);
      })
      .catch(() => !gone && setSeen(local));
    return () => {
      gone = true;
    };
  }, [enabled, tour, storageKey, userId]);

  useEffect(() => {
    if (!enabled || seen !== false || !autoStart || !isEnabled("tutorial")) return;
    const timer = setTimeout(() => {
      // Another tour is on screen: this one waits for the next visit.
      if ([...openTours].some((other) => other !== tour)) return;
      setSeen(true);
      setOpen(true);
    }, autoStartDelayMs);
    return () => clearTimeout(timer);
  }, [enabled, seen, autoStart, tour]);

  useEffect(() => {
    if (!open) return;
    openTours.add(tour);
    return () => {
      openTours.delete(tour);
    };
  }, [open, tour]);

  const finish = useCallback(() => {
    setOpen(false);
    setSeen(true);
    markSeen(tour, storageKey, userId !== null);
  }, [tour, storageKey, userId]);
  const start = useCallback(() => setOpen(true), []);
  return { open, start, finish };
}
