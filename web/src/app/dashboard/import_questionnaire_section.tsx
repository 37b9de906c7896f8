import { ImportPanel } from "../../features/imports/import_panel.tsx";
import { QuestionnaireAdmin } from "../../features/questionnaire/questionnaire_admin.tsx";

/**
 * The dashboard's "Data import and questionnaire section" (spec 01 §2): templates, test data,
 * Excel imports, and the questionnaire links. After an import or an approval the statistics
 * reload, since the counts changed.
 */
export function ImportQuestionnaireSection({ onChanged }: { onChanged?(): void }) {
  return (
    <section
      className="card"
      aria-labelledby="import-section-title"
      id="datenimport"
      data-tutorial="data-import"
    >
      <h2 id="import-section-title" className="card-title">Datenimport und Fragebögen</h2>
      <div className="stack">
        <ImportPanel onImported={onChanged} />
        <QuestionnaireAdmin onApproved={onChanged} />
      </div>
    </section>
  );
}
