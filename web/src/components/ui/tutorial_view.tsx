/** What the tour draws besides its tooltip: the welcome dialog, the spotlight, the hint lines. */
import type { Box } from "./tutorial_dom.ts";
import { spotlightPad, type StepCondition } from "./tutorial_logic.ts";
import { freeSpot } from "./tutorial_placement.ts";
import { ringAround } from "./tutorial_dom.ts";

/** The welcome dialog before the first step (the admin tour's). */
export function TutorialWelcome(
  { welcome, onSkip, onStart }: {
    welcome: { title: string; text: string };
    onSkip(): void;
    onStart(): void;
  },
) {
  return (
    <div className="tutorial-layer" data-react-aria-top-layer="true">
      <div className="tutorial-backdrop" />
      <div
        className="tutorial-tooltip tutorial-tooltip-free tutorial-welcome"
        style={freeSpot()}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-welcome-title"
        aria-describedby="tutorial-welcome-text"
      >
        <h2 id="tutorial-welcome-title" className="tutorial-title">{welcome.title}</h2>
        <p id="tutorial-welcome-text">{welcome.text}</p>
        <div className="tutorial-actions">
          <button type="button" className="button-link tutorial-skip" onClick={onSkip}>
            Tutorial überspringen
          </button>
          <button
            type="button"
            className="button button-primary button-small"
            autoFocus
            onClick={onStart}
          >
            Tutorial starten
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The highlighted element's spotlight, or a backdrop without one. Around the element four shields
 * keep the page from being clicked; the element itself stays usable, since several steps ask for
 * a click on it, and so does the whole dialog it is in (`hole`: its fields are to be filled in
 * before its button is pressed).
 */
export function TutorialSpotlight(
  { box, hole, inDialog }: { box: Box | null; hole: Box | null; inDialog: boolean },
) {
  if (!box) return <div className="tutorial-backdrop tutorial-shield" />;
  const pad = spotlightPad;
  const usable = hole ?? box;
  const shields = [
    { top: 0, left: 0, right: 0, height: Math.max(0, usable.top - pad) },
    { top: usable.top + usable.height + pad, left: 0, right: 0, bottom: 0 },
    {
      top: usable.top - pad,
      left: 0,
      width: Math.max(0, usable.left - pad),
      height: usable.height + 2 * pad,
    },
    {
      top: usable.top - pad,
      left: usable.left + usable.width + pad,
      right: 0,
      height: usable.height + 2 * pad,
    },
  ];
  return (
    <>
      {shields.map((style, k) => <div key={k} className="tutorial-shield" style={style} />)}
      {hole && hole !== box && inDialog && (
        // The dialog stays bright as a whole; the ring below marks its button.
        <div
          className="tutorial-dim"
          style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height }}
        />
      )}
      <div
        className={`tutorial-spotlight ${inDialog ? "tutorial-ring" : ""}`.trim()}
        data-testid="tutorial-spotlight"
        style={ringAround(box, pad)}
      />
    </>
  );
}

/** The line under a step's text that says what the step waits for. */
export function conditionHint(condition: StepCondition): string {
  return condition.kind === "file"
    ? "Wählen Sie eine Datei, dann geht es weiter."
    : condition.kind === "appear"
    ? "Weiter, sobald der Vorgang abgeschlossen ist."
    : condition.kind === "closed"
    ? "Schließen Sie das Fenster, dann geht es weiter."
    : "Klicken Sie auf das markierte Element, dann geht es weiter.";
}
