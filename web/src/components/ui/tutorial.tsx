import {
  autoUpdate,
  detectOverflow,
  flip,
  type Middleware,
  offset,
  shift,
  useFloating,
} from "@floating-ui/react-dom";
import { useCallback, useEffect, useLayoutEffect, useState } from "react";
import { ProgressBar } from "./progress_bar.tsx";
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

/** Room between the highlighted element and the spotlight's edge, in px. */
const spotlightPad = 6;
/** Gap between the spotlight and the tooltip, and the tooltip's least distance from the screen edge. */
const tooltipGap = 10;

/**
 * Neither below nor above fits (a tall element such as the whole week grid): the tooltip goes to
 * the bottom right corner of the screen, over the weekend columns rather than the workdays.
 */
const cornerWhenCramped: Middleware = {
  name: "cornerWhenCramped",
  async fn(state) {
    const overflow = await detectOverflow(state, { padding: tooltipGap });
    if (overflow.top <= 0 && overflow.bottom <= 0) return {};
    const screen = state.elements.floating.ownerDocument.documentElement;
    return {
      x: screen.clientWidth - state.rects.floating.width - tooltipGap,
      y: screen.clientHeight - state.rects.floating.height - tooltipGap,
    };
  },
};

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
  const [target, setTarget] = useState<Element | null>(null);
  const confirm = useConfirm();
  const step = steps[index];

  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  // The tooltip sits below the element, else above it, shifted sideways to stay on screen at any
  // width; a tall element leaves it in the corner. autoUpdate follows scrolling and resizing and
  // moves the spotlight with it.
  const { refs, floatingStyles } = useFloating({
    strategy: "fixed",
    placement: "bottom-start",
    elements: { reference: target },
    middleware: [
      offset(spotlightPad + tooltipGap),
      flip({
        fallbackPlacements: ["top-start"],
        fallbackStrategy: "initialPlacement",
        padding: tooltipGap,
      }),
      shift({ padding: tooltipGap }),
      cornerWhenCramped,
    ],
    whileElementsMounted: (reference, floating, update) =>
      autoUpdate(reference, floating, () => {
        update();
        setBox(reference.getBoundingClientRect());
      }),
  });

  useLayoutEffect(() => {
    if (!open || !step) return;
    const element = document.querySelector(step.target);
    element?.scrollIntoView({ block: "center", behavior: "instant" });
    setTarget(element);
    setBox(element?.getBoundingClientRect() ?? null);
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
      // An open dialog handles its own Escape and marks it handled; only a free Escape is ours.
      if (event.key === "Escape" && !event.defaultPrevented) void close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  if (!open || !step) return null;
  const last = index === steps.length - 1;
  return (
    <div className="tutorial-layer">
      {box
        ? (
          <div
            className="tutorial-spotlight"
            style={{
              top: box.top - spotlightPad,
              left: box.left - spotlightPad,
              width: box.width + 2 * spotlightPad,
              height: box.height + 2 * spotlightPad,
            }}
          />
        )
        : <div className="tutorial-backdrop" />}
      <div
        ref={refs.setFloating}
        className={`tutorial-tooltip ${target ? "" : "tutorial-tooltip-free"}`.trim()}
        style={target ? floatingStyles : undefined}
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
        <ProgressBar
          className="tutorial-progress"
          label="Fortschritt"
          min={1}
          max={steps.length}
          now={index + 1}
          fillPercent={((index + 1) / steps.length) * 100}
        />
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
