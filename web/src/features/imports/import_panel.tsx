import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { downloadLinks, type ImportKind } from "./api.ts";
import { acceptedFiles } from "./file_checks.ts";
import { ImportCredentialsModal } from "./import_credentials_modal.tsx";
import { ImportModal, ImportResultModal, kindWords } from "./import_dialogs.tsx";
import { TestDataModal } from "./test_data_modal.tsx";
import { useImportFlow } from "./use_import_flow.ts";
import "./imports.css";

/** The anchors /instructors and /students link to ("Aus Excel importieren" there). */
export const importAnchors: Record<ImportKind, string> = {
  instructors: "import-fahrlehrer",
  students: "import-schueler",
};

const cards: { kind: ImportKind; template: string; columns: string }[] = [
  {
    kind: "instructors",
    template: downloadLinks.instructorTemplate,
    columns: "Name, E-Mail, Telefon und wöchentliche Verfügbarkeiten.",
  },
  {
    kind: "students",
    template: downloadLinks.studentTemplate,
    columns: "Name, E-Mail, Telefon, Verfügbarkeiten, Schulzeiten und Urlaubstage.",
  },
];

interface Props {
  /** called after a successful import, e.g. to reload the statistics */
  onImported?(kind: ImportKind): void;
}

/**
 * Template downloads, the test-data package and the Excel import for instructors and students
 * (spec 01 §2, "Data import and questionnaire section").
 */
export function ImportPanel({ onImported }: Props) {
  const flow = useImportFlow(onImported);
  const [testDataOpen, setTestDataOpen] = useState(false);
  const inputs = useRef<Partial<Record<ImportKind, HTMLInputElement | null>>>({});
  const buttons = useRef<Partial<Record<ImportKind, HTMLButtonElement | null>>>({});
  const { hash } = useLocation();
  const busy = flow.state.step === "checking" || flow.state.step === "importing";

  // Arriving from /instructors or /students: bring that importer into view. The file picker
  // itself cannot be opened for the user (browsers allow that only on a click).
  useEffect(() => {
    const kind = (Object.keys(importAnchors) as ImportKind[]).find(
      (k) => hash === `#${importAnchors[k]}`,
    );
    const button = kind && buttons.current[kind];
    if (!button) return;
    button.scrollIntoView?.({ block: "center", behavior: "smooth" });
    button.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="import-panel">
      <div className="import-grid">
        {cards.map(({ kind, template, columns }) => (
          <div
            key={kind}
            className="import-card"
            id={importAnchors[kind]}
            data-tutorial={`import-${kind}`}
          >
            <h3>{kindWords[kind].plural}</h3>
            <p className="muted">Vorlage mit den Spalten {columns}</p>
            <div className="import-actions">
              <a
                className="button button-secondary button-small"
                href={template}
                download
                data-tutorial={`import-${kind}-template`}
              >
                Vorlage herunterladen
              </a>
              <button
                ref={(el) => {
                  buttons.current[kind] = el;
                }}
                type="button"
                className="button button-primary button-small"
                disabled={busy}
                onClick={() => inputs.current[kind]?.click()}
                aria-label={`${kindWords[kind].plural} aus Excel importieren`}
                data-tutorial={`import-${kind}-file`}
              >
                Aus Excel importieren
              </button>
              <input
                ref={(el) => {
                  inputs.current[kind] = el;
                }}
                type="file"
                accept={acceptedFiles}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid={`import-file-${kind}`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  // Cleared at once, so choosing the same (corrected) file again fires again.
                  e.target.value = "";
                  if (file) {
                    flow.choose(kind, file);
                  }
                }}
              />
            </div>
          </div>
        ))}
        <div className="import-card" data-tutorial="test-data">
          <h3>Testdaten und Anleitung</h3>
          <p className="muted">
            12 Excel-Dateien zum Ausprobieren (5 Datensätze von 5 bis 25 Fahrlehrern) und die
            Anleitung für Administratoren als Word-Dokument.
          </p>
          <div className="import-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setTestDataOpen(true)}
              data-tutorial="test-data-open"
            >
              Testdaten herunterladen
            </button>
            <a
              className="button button-ghost button-small"
              href={downloadLinks.tutorial}
              download
            >
              Anleitung (Word)
            </a>
          </div>
        </div>
      </div>

      <ImportModal state={flow.state} onCommit={flow.commit} onClose={flow.close} />
      <ImportResultModal state={flow.state} onClose={flow.close} />
      <ImportCredentialsModal
        users={flow.state.step === "credentials" ? flow.state.users : null}
        fileTag={flow.state.step === "credentials" ? kindWords[flow.state.kind].fileTag : ""}
        onClose={flow.close}
      />
      <TestDataModal open={testDataOpen} onClose={() => setTestDataOpen(false)} />
    </div>
  );
}
