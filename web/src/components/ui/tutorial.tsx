import { useCallback, useEffect, useRef, useState } from "react";
import { ProgressBar } from "./progress_bar.tsx";
import { useConfirm } from "./confirm_dialog.tsx";
import { advanceAfterMs, canGoOn, movesOnByItself, type TutorialStep } from "./tutorial_logic.ts";
import { dialogOf } from "./tutorial_dom.ts";
import { freeSpot } from "./tutorial_placement.ts";
import { useStepNavigation } from "./use_step_navigation.ts";
import { useStepTarget } from "./use_step_target.ts";
import { useCondition, useSkippable } from "./use_step_condition.ts";
import { useDialogAside, useMovesOnWhenDialogCloses, useUnreachable } from "./use_dialog_steps.ts";
import { useTooltipLayout } from "./use_tooltip_layout.ts";
import { conditionHint, TutorialSpotlight, TutorialWelcome } from "./tutorial_view.tsx";
import "./tutorial.css";

export type { StepCondition, TutorialStep } from "./tutorial_logic.ts";

/** The spec's question when a tutorial is closed before its end. */
export const tutorialCloseQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";

interface TutorialProps {
  steps: TutorialStep[];
  open: boolean;
  /** the tour ends: finished, skipped or closed (after the question); `completed` on Fertig */
  onFinish(completed?: boolean): void;
  label: string;
  /** a welcome dialog before the first step (the admin tour's) */
  welcome?: { title: string; text: string };
  /** the heading of a step's section, shown above its title */
  sectionOf?(index: number): string;
  /** goes to a step's route (the caller's router) */
  navigate?(route: string): void;
  /** the current route, to know whether a step must navigate */
  pathname?: string;
}

/**
 * The one tour engine of the product: an optional welcome dialog, then each step's element
 * highlighted with a tooltip, progress, 'Schritt X von N', Zurück/Weiter/Fertig, 'Tutorial
 * überspringen' and a close button that asks first. Steps may go to a route, wait for their
 * element, and wait for a condition before Weiter is enabled; a met condition moves on by itself
 * after the spec's delay. The parts live beside it: where the tour stands
 * (use_step_navigation.ts), the step's element (use_step_target.ts), its condition
 * (use_step_condition.ts), its dialog (use_dialog_steps.ts) and the tooltip's place
 * (use_tooltip_layout.ts).
 */
export function Tutorial(
  { steps, open, onFinish, label, welcome, sectionOf, navigate, pathname }: TutorialProps,
) {
  const [asking, setAsking] = useState(false);
  const confirm = useConfirm();
  const tooltipRef = useRef<HTMLDivElement | null>(null);
  const { index, step, active, welcoming, endWelcome, navigated, cameBack, byHand, forward, back } =
    useStepNavigation({ steps, open, welcome, onFinish, navigate, pathname });

  const target = useStepTarget(step, active, navigated);
  const { met, heldAtStart } = useCondition(step?.condition, target, active);
  const unreachable = useUnreachable(active, step, byHand, target);
  const skipping = useSkippable(step, active) && !met && step?.skip;

  const goOn = useCallback(
    () => forward(Boolean(met && step?.condition), skipping ? skipping.to : undefined),
    [forward, met, step, skipping],
  );

  // A met condition moves on by itself (spec 01 §4 timings).
  useEffect(() => {
    if (!met || !step?.condition || !movesOnByItself(heldAtStart, cameBack)) return;
    const timer = setTimeout(goOn, advanceAfterMs(step.condition));
    return () => clearTimeout(timer);
  }, [met, heldAtStart, cameBack, step, goOn]);

  useMovesOnWhenDialogCloses({ active, index, step, target, met, byHand, goOn });
  const { refs, floatingStyles, box, hole, compact, expanded, setExpanded } = useTooltipLayout(
    target,
    active,
    index,
    tooltipRef,
  );
  const dialogAside = useDialogAside(active, target, unreachable);

  // Focus goes into the tooltip with every step, unless the page's own dialog holds it.
  useEffect(() => {
    if (!active || asking) return;
    const tooltip = tooltipRef.current;
    if (!tooltip) return;
    if (document.activeElement?.closest(".modal") && step?.condition) return;
    tooltip.focus({ preventScroll: true });
  }, [active, asking, index, step, dialogAside]);

  const close = useCallback(async () => {
    setAsking(true);
    const sure = await confirm({
      message: tutorialCloseQuestion,
      variant: "info",
      confirmLabel: "Beenden",
    });
    setAsking(false);
    if (sure) onFinish(false);
  }, [confirm, onFinish]);

  useEffect(() => {
    if (!open || asking || dialogAside) return;
    const onKey = (event: KeyboardEvent) => {
      // An open dialog handles its own Escape and marks it handled; only a free Escape is ours.
      if (event.key === "Escape" && !event.defaultPrevented) void close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, asking, dialogAside, close]);

  if (!open || asking) return null;
  if (welcoming && welcome) {
    return <TutorialWelcome welcome={welcome} onSkip={() => onFinish()} onStart={endWelcome} />;
  }
  if (!step || dialogAside) return null;

  const last = index === steps.length - 1;
  const ready = canGoOn(step, met) || Boolean(skipping) || unreachable;
  const textShown = !compact || expanded;
  return (
    <div className="tutorial-layer" data-react-aria-top-layer="true">
      <TutorialSpotlight box={box} hole={hole} inDialog={Boolean(dialogOf(target))} />
      <div
        ref={(el) => {
          tooltipRef.current = el;
          refs.setFloating(el);
        }}
        className={`tutorial-tooltip ${target ? "" : "tutorial-tooltip-free"} ${
          compact ? "tutorial-compact" : ""
        }`.trim()}
        style={target ? floatingStyles : freeSpot()}
        role="dialog"
        // A step that asks for a click on the page leaves the page usable.
        aria-modal={step.condition ? undefined : "true"}
        aria-label={label}
        aria-describedby="tutorial-text"
        tabIndex={-1}
        data-step={index + 1}
      >
        <div className="tutorial-head">
          <p className="tutorial-progress-text">
            Schritt {index + 1} von {steps.length}
            {sectionOf && <span className="tutorial-section">· {sectionOf(index)}</span>}
          </p>
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
        <p id="tutorial-text" hidden={!textShown}>{step.text}</p>
        {compact && (
          <button
            type="button"
            className="button-link tutorial-more"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? "Erklärung ausblenden" : "Erklärung anzeigen"}
          </button>
        )}
        {skipping && <p className="tutorial-hint" role="status">{skipping.hint}</p>}
        {unreachable && (
          <p className="tutorial-hint" role="status">
            Das Fenster zu diesem Schritt ist schon geschlossen – „Weiter“ führt zum nächsten
            Schritt.
          </p>
        )}
        {step.target && !target && !skipping && !met && !unreachable && (
          <p className="tutorial-waiting" role="status">Einen Moment, die Ansicht wird geladen …</p>
        )}
        {step.condition && !met && !skipping && textShown && !unreachable && (
          <p className="tutorial-hint">{conditionHint(step.condition)}</p>
        )}
        <div className="tutorial-actions">
          <button type="button" className="button-link tutorial-skip" onClick={() => onFinish()}>
            Tutorial überspringen
          </button>
          <span className="tutorial-nav">
            {index > 0 && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={back}
              >
                Zurück
              </button>
            )}
            <button
              type="button"
              className="button button-primary button-small"
              disabled={!ready}
              onClick={goOn}
            >
              {last ? "Fertig" : "Weiter"}
            </button>
          </span>
        </div>
      </div>
    </div>
  );
}
