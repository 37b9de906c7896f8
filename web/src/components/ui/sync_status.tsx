import { useEffect, useState } from "react";
import { describeVersion, kindLabel } from "../../lib/offline/describe.ts";
import type { QueuedWrite } from "../../lib/offline/queue_store.ts";
import { resolveConflict } from "../../lib/offline/sync.ts";
import { useSyncState } from "../../lib/offline/use_sync_state.ts";
import { Modal } from "./modal.tsx";
import "./sync_status.css";

/** The German session-expired notice of issue 5. */
export const sessionExpiredMessage =
  "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an, um Ihre Änderungen zu übertragen.";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    globalThis.addEventListener("online", update);
    globalThis.addEventListener("offline", update);
    return () => {
      globalThis.removeEventListener("online", update);
      globalThis.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/** The line that says what the queue is doing, or null when there is nothing to say. */
export function syncMessage(
  state: { pending: number; syncing: boolean; sessionExpired: boolean; conflicts: unknown[] },
  online: boolean,
): string | null {
  if (state.sessionExpired) return sessionExpiredMessage;
  if (state.conflicts.length === 1) return "Ein Konflikt wartet auf Ihre Entscheidung";
  if (state.conflicts.length > 1) {
    return `${state.conflicts.length} Konflikte warten auf Ihre Entscheidung`;
  }
  if (state.syncing && state.pending > 0) return "Wird synchronisiert …";
  if (state.pending === 1) return "1 Änderung wartet auf Verbindung";
  if (state.pending > 1) return `${state.pending} Änderungen warten auf Verbindung`;
  if (!online) return "Offline – Sie sehen den zuletzt geladenen Stand.";
  return null;
}

/** Pending changes, offline state and expired sessions at the bottom; conflicts as a dialog. */
export function SyncStatus() {
  const state = useSyncState();
  const online = useOnline();
  const message = syncMessage(state, online);
  const conflict = state.conflicts[0];
  // A closed conflict dialog means 'decide later'; the status line offers to reopen it.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const tone = state.sessionExpired ? "error" : state.pending ? "pending" : "offline";
  return (
    <>
      <div className="sync-status-region" role="status" aria-live="polite">
        {message && (
          <div className={`sync-status sync-status-${tone}`} data-testid="sync-status">
            {state.syncing && <span className="sync-spinner" aria-hidden="true" />}
            <span>{message}</span>
            {state.sessionExpired && !location.pathname.startsWith("/login") && (
              <a className="button button-small button-primary" href="/login">Anmelden</a>
            )}
            {!state.sessionExpired && conflict && dismissed === conflict.id && (
              <button
                type="button"
                className="button button-small button-primary"
                onClick={() => setDismissed(null)}
              >
                Konflikt lösen
              </button>
            )}
          </div>
        )}
      </div>
      {conflict && dismissed !== conflict.id && (
        <ConflictDialog
          write={conflict}
          onLater={() => setDismissed(conflict.id)}
        />
      )}
    </>
  );
}

function ConflictDialog({ write, onLater }: { write: QueuedWrite; onLater(): void }) {
  const [busy, setBusy] = useState(false);
  const choose = async (choice: "mine" | "theirs") => {
    setBusy(true);
    try {
      await resolveConflict(write.id, choice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`Konflikt: ${kindLabel(write.kind)}`}
      onClose={onLater}
      size="large"
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => choose("theirs")}
          >
            Gespeicherte Version übernehmen
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => choose("mine")}
          >
            Meine Version behalten
          </button>
        </>
      }
    >
      <p>
        Diese Daten wurden inzwischen auf einem anderen Gerät oder in einem anderen Fenster
        geändert. Bitte wählen Sie, welche Version gelten soll.
      </p>
      <div className="conflict-versions">
        <section aria-label="Ihre Version">
          <h3>Ihre Version</h3>
          <ul>
            {describeVersion(write.kind, write.body).map((line) => <li key={line}>{line}</li>)}
          </ul>
        </section>
        <section aria-label="Gespeicherte Version">
          <h3>Gespeicherte Version</h3>
          <ul>
            {describeVersion(write.kind, write.conflict?.current).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
