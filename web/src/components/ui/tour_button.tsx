import { isEnabled } from "../../lib/feature_flags.ts";
import "./tutorial.css";

/** The spec's ?-button: starts a screen's tour at any time (hidden while tours are switched off). */
export function TourButton({ onClick }: { onClick(): void }) {
  if (!isEnabled("tutorial")) return null;
  return (
    <button
      type="button"
      className="icon-button tour-button"
      aria-label="Tutorial starten"
      title="Tutorial starten"
      onClick={onClick}
    >
      ?
    </button>
  );
}
