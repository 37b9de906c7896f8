import { useCallback, useEffect, useRef, useState } from "react";

/** The text of a status line and its colour. */
export interface TimedStatus {
  text: string;
  tone: "success" | "error" | "info";
}

/** A status line that disappears after 3 s (spec 02 §9). */
export function useTimedStatus() {
  const [status, setStatus] = useState<TimedStatus | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string, tone: TimedStatus["tone"]) => {
    clearTimeout(timer.current);
    setStatus({ text, tone });
    timer.current = setTimeout(() => setStatus(null), 3000);
  }, []);
  return { status, show };
}
