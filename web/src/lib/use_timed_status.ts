import { useCallback, useEffect, useRef, useState } from "react";
import type { SaveOutcome } from "./offline/sync.ts";

/** The text of a status line and its colour. */
export interface TimedStatus {
  text: string;
  tone: "success" | "error" | "info";
}

/**
 * A status line that disappears after 3 s (spec 02 §9); with `keep` it stays until the next one
 * (what still blocks a save must not vanish while it is true).
 */
export function useTimedStatus() {
  const [status, setStatus] = useState<TimedStatus | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string, tone: TimedStatus["tone"], keep = false) => {
    clearTimeout(timer.current);
    setStatus({ text, tone });
    if (!keep) timer.current = setTimeout(() => setStatus(null), 3000);
  }, []);
  return { status, show };
}

/**
 * The status line after a save through the offline queue (spec 02 §9): `saved` on success, the
 * queue's words when offline or in conflict, else the error. `null` stands for a save that threw.
 */
export function saveStatus(outcome: SaveOutcome | null, saved: string): TimedStatus {
  switch (outcome?.status) {
    case "saved":
      return { text: saved, tone: "success" };
    case "queued":
      return { text: "Ohne Verbindung vorgemerkt – wird automatisch übertragen.", tone: "info" };
    case "conflict":
      return { text: "Konflikt: Bitte wählen Sie, welche Version gelten soll.", tone: "info" };
    default:
      return { text: "Fehler beim Speichern", tone: "error" };
  }
}
