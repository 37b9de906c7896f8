import type { ReactNode } from "react";
import { de } from "../../i18n/de.ts";
import type { TimedStatus } from "../../lib/use_timed_status.ts";

interface SaveBarProps {
  /** the status line of the last save (spec 02 §9) */
  status: TimedStatus | null;
  saving: boolean;
  disabled: boolean;
  /** the save button's text, e.g. 'Verfügbarkeit speichern' */
  label: string;
  onSave(): void;
  /** the tutorial step that points at the save button */
  tutorialStep?: string;
  /** further buttons before the save button */
  children?: ReactNode;
  /**
   * Changes wait to be saved: on a phone the bar then stays at the screen's bottom (issue 25),
   * where the button would otherwise sit several screens below the hour just tapped.
   */
  unsaved?: boolean;
}

/** The status line and the save button under the weekly grid and under the absences. */
export function SaveBar(props: SaveBarProps) {
  const { status, unsaved = false } = props;
  const text = status?.text ?? (unsaved ? "Ungespeicherte Änderungen" : "");
  return (
    <div className={`availability-actions${unsaved ? " is-unsaved" : ""}`}>
      <span
        className={`availability-status${status ? ` is-${status.tone}` : ""}`}
        role="status"
      >
        {text}
      </span>
      {props.children}
      <button
        type="button"
        className="button button-primary"
        onClick={props.onSave}
        disabled={props.disabled}
        data-tutorial={props.tutorialStep}
      >
        {props.saving ? de.actions.saving : props.label}
      </button>
    </div>
  );
}
