import { useSyncExternalStore } from "react";
import {
  applyUpdate,
  isUpdateWaiting,
  subscribeUpdate,
} from "../../lib/offline/sw_registration.ts";
import "./sync_status.css";

/** 'Neue Version verfügbar' with 'Neu laden', shown while a new deployment waits. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, isUpdateWaiting);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="alert" data-react-aria-top-layer="true">
      <span>Neue Version verfügbar</span>
      <button
        type="button"
        className="button button-primary button-small"
        onClick={() => void applyUpdate()}
      >
        Neu laden
      </button>
    </div>
  );
}
