import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import type { ImportIssue, ImportKind, ImportPreview } from "./api.ts";
import type { ImportStep } from "./use_import_flow.ts";

/** German words for who a file imports. */
export const kindWords: Record<ImportKind, { plural: string; fileTag: string }> = {
  instructors: { plural: "Fahrlehrer", fileTag: "fahrlehrer" },
  students: { plural: "Fahrschüler", fileTag: "fahrschueler" },
};

/** How many preview rows the modal lists; the server may send more. */
const previewRowsShown = 10;

function Elapsed() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="import-elapsed">{seconds} s</span>;
}

/** Progress while the server reads or writes a file; it cannot report steps, so it runs. */
export function ImportProgress({ label }: { label: string }) {
  return (
    <div className="import-progress" role="status">
      <div className="import-progress-text">
        <span>{label}</span>
        <Elapsed />
      </div>
      <div className="import-progress-track" aria-hidden="true">
        <div className="import-progress-bar" />
      </div>
    </div>
  );
}

/** The problems of a file, at most what the server sent (each names its row and column). */
export function IssueList({ issues }: { issues: ImportIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="import-issues">
      {issues.map((issue, i) => <li key={i}>{issue.message}</li>)}
    </ul>
  );
}

/** One count of a file: its label, the number, and a class that marks it (created, errors). */
type ImportCount = [label: string, value: number, className?: string];

/** The counts of a preview or a result, side by side. */
function ImportCounts({ counts }: { counts: ImportCount[] }) {
  return (
    <dl className="import-counts">
      {counts.map(([label, value, className]) => (
        <div key={label} className={className}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PreviewBody({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const word = kindWords[kind].plural;
  const shown = preview.rows.slice(0, previewRowsShown);
  return (
    <div className="stack">
      <ImportCounts
        counts={[
          ["Zeilen in der Datei", preview.total],
          ["Werden angelegt", preview.create_count, "import-count-create"],
          ["Übersprungen", preview.skipped_count],
          ["Fehler", preview.error_count, preview.error_count ? "import-count-errors" : undefined],
        ]}
      />
      {preview.error_count > 0 && (
        <div className="alert alert-error" role="alert">
          <p>
            Die Datei enthält Fehler. Es wird nichts importiert, bis alle Zeilen stimmen. Bitte
            korrigieren Sie die Datei und wählen Sie sie erneut.
          </p>
          <IssueList issues={preview.error_details} />
        </div>
      )}
      {preview.error_count === 0 && preview.create_count === 0 && (
        <div className="alert alert-info" role="note">
          Alle {word} dieser Datei sind bereits vorhanden. Es wird niemand neu angelegt.
        </div>
      )}
      {shown.length > 0 && (
        <SimpleTable
          labels={["Zeile", "Name", "E-Mail", "Angaben", "Aktion"]}
          wrapClassName="import-preview-wrap"
          tableClassName="import-preview-table"
          captionClassName="import-preview-caption"
          caption={shown.length < preview.total
            ? `Die ersten ${shown.length} Zeilen, wie sie gelesen wurden`
            : "Alle Zeilen, wie sie gelesen wurden"}
        >
          {shown.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              <td>{row.name}</td>
              <td>{row.email}</td>
              <td className="import-preview-summary" title={row.summary}>{row.summary}</td>
              <td>
                <span
                  className={`badge ${
                    row.action === "bereits vorhanden" ? "badge-warning" : "badge-success"
                  }`}
                >
                  {row.action}
                </span>
              </td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </div>
  );
}

interface ImportModalProps {
  state: ImportStep;
  onCommit(): void;
  onClose(): void;
}

/** The modal from "file chosen" to "written": check, preview, progress, or the failure. */
export function ImportModal({ state, onCommit, onClose }: ImportModalProps) {
  if (
    state.step !== "checking" && state.step !== "preview" && state.step !== "importing" &&
    state.step !== "failed"
  ) return null;
  const word = kindWords[state.kind].plural;
  const canImport = state.step === "preview" && state.preview.error_count === 0 &&
    state.preview.create_count > 0;
  return (
    <Modal
      open
      title={`${word} importieren`}
      size="large"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={state.step === "importing"}>
            {state.step === "failed" ? "Schließen" : "Abbrechen"}
          </Button>
          {(state.step === "preview" || state.step === "importing") && (
            <BusyButton
              busy={state.step === "importing"}
              busyLabel="Wird importiert..."
              disabled={!canImport}
              onClick={onCommit}
            >
              Importieren
            </BusyButton>
          )}
        </>
      }
    >
      <div className="stack">
        <p className="import-file-name">
          Datei: <strong>{state.file.name}</strong>
        </p>
        {state.step === "checking" && <ImportProgress label="Datei wird geprüft..." />}
        {state.step === "failed" && (
          <div className="alert alert-error" role="alert">
            <p>{state.message}</p>
            <IssueList issues={state.issues} />
          </div>
        )}
        {(state.step === "preview" || state.step === "importing") && (
          <PreviewBody kind={state.kind} preview={state.preview} />
        )}
        {state.step === "importing" && (
          <ImportProgress
            label={`${state.preview.create_count} ${word} werden angelegt. Das kann bei großen Dateien 1-2 Minuten dauern...`}
          />
        )}
      </div>
    </Modal>
  );
}

/** The import result of spec 01 §3: message, total and how many were created. */
export function ImportResultModal({ state, onClose }: { state: ImportStep; onClose(): void }) {
  if (state.step !== "result") return null;
  const { result, kind } = state;
  const hasUsers = result.created_users.length > 0;
  return (
    <Modal
      open
      title="Import abgeschlossen"
      size="small"
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          {hasUsers ? "Zugangsdaten anzeigen" : "Schließen"}
        </button>
      }
    >
      <div className="stack">
        {result.message && <p>{result.message}</p>}
        <ImportCounts
          counts={[
            ["Zeilen in der Datei", result.total],
            [`${kindWords[kind].plural} angelegt`, result.created_count, "import-count-create"],
            ["Übersprungen", result.skipped_count],
          ]}
        />
      </div>
    </Modal>
  );
}
