import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { isEnabled } from "../../lib/feature_flags.ts";
import { useConfirm } from "./confirm_dialog.tsx";
import "./tutorial.css";

/** One step: the element it points at (CSS selector), a heading and the German text. */
export interface TutorialStep {
  target: string;
  title: string;
  text: string;
}

/** The spec's question when a tutorial is closed before its end. */
export const tutorialCloseQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";

/**
 * Open state of a tutorial whose completion flag lives in localStorage under `storageKey`
 * ('true' when done). It starts about 1 s after the screen loads unless done or switched off.
 */
export function useTutorial(storageKey: string | null) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!storageKey || !isEnabled("tutorial")) return;
    if (localStorage.getItem(storageKey) === "true") return;
    const timer = setTimeout(() => setOpen(true), 1000);
    return () => clearTimeout(timer);
  }, [storageKey]);
  const finish = useCallback(() => {
    if (storageKey) localStorage.setItem(storageKey, "true");
    setOpen(false);
  }, [storageKey]);
  const start = useCallback(() => setOpen(true), []);
  return { open, start, finish };
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

function boxOf(selector: string): Box | null {
  const element = document.querySelector(selector);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/** Overlay with a highlighted page element, a tooltip, progress, and the spec's buttons. */
export function Tutorial(
  { steps, open, onFinish, label }: {
    steps: TutorialStep[];
    open: boolean;
    onFinish(): void;
    label: string;
  },
) {
  const [index, setIndex] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const confirm = useConfirm();
  const step = steps[index];

  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  useLayoutEffect(() => {
    if (!open || !step) return;
    document.querySelector(step.target)?.scrollIntoView({ block: "center", behavior: "instant" });
    const measure = () => setBox(boxOf(step.target));
    measure();
    globalThis.addEventListener("resize", measure);
    globalThis.addEventListener("scroll", measure, true);
    return () => {
      globalThis.removeEventListener("resize", measure);
      globalThis.removeEventListener("scroll", measure, true);
    };
  }, [open, step]);

  const close = useCallback(async () => {
    if (
      await confirm({ message: tutorialCloseQuestion, variant: "info", confirmLabel: "Beenden" })
    ) {
      onFinish();
    }
  }, [confirm, onFinish]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !document.querySelector(".modal-overlay")) void close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  if (!open || !step) return null;
  const last = index === steps.length - 1;
  const pad = 6;
  const tooltipHeight = 260;
  const viewportHeight = globalThis.innerHeight;
  const left = box ? Math.max(12, Math.min(box.left, globalThis.innerWidth - 372)) : 12;
  // Below the element if it fits, else above, else pinned to the bottom of the screen (a tall
  // element such as the whole grid leaves no room around it).
  let tooltipStyle: CSSProperties;
  if (!box) tooltipStyle = { top: "30%", left: "50%", transform: "translateX(-50%)" };
  else if (viewportHeight - (box.top + box.height) > tooltipHeight + pad) {
    tooltipStyle = { top: box.top + box.height + pad + 10, left };
  } else if (box.top > tooltipHeight + pad) {
    tooltipStyle = { bottom: viewportHeight - box.top + pad + 10, left };
  } else tooltipStyle = { bottom: 16, right: 16 };

  return (
    <div className="tutorial-layer">
      {box
        ? (
          <div
            className="tutorial-spotlight"
            style={{
              top: box.top - pad,
              left: box.left - pad,
              width: box.width + 2 * pad,
              height: box.height + 2 * pad,
            }}
          />
        )
        : <div className="tutorial-backdrop" />}
      <div
        className="tutorial-tooltip"
        style={tooltipStyle}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-describedby="tutorial-text"
      >
        <div className="tutorial-head">
          <p className="tutorial-progress-text">Schritt {index + 1} von {steps.length}</p>
          <button
            type="button"
            className="icon-button tutorial-close"
            aria-label="Tutorial schließen"
            onClick={close}
          >
            ×
          </button>
        </div>
        <div
          className="tutorial-progress"
          role="progressbar"
          aria-label="Fortschritt"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
        >
          <div style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
        </div>
        <h2 className="tutorial-title">{step.title}</h2>
        <p id="tutorial-text">{step.text}</p>
        <div className="tutorial-actions">
          <button type="button" className="button-link tutorial-skip" onClick={onFinish}>
            Tutorial überspringen
          </button>
          <span className="tutorial-nav">
            {index > 0 && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setIndex(index - 1)}
              >
                Zurück
              </button>
            )}
            <button
              type="button"
              className="button button-primary button-small"
              autoFocus
              onClick={() => (last ? onFinish() : setIndex(index + 1))}
            >
              {last ? "Fertig" : "Weiter"}
            </button>
          </span>
        </div>
      </div>
    </div>
  );
}
