import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form_fields.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { formatGermanDate } from "../../lib/german_dates.ts";
import {
  absoluteLink,
  type AdminQuestionnaire,
  answersOf,
  loadQuestionnaire,
  updateQuestionnaireAnswers,
} from "./api.ts";
import { QuestionnaireFields } from "./questionnaire_fields.tsx";
import {
  type AnswerErrors,
  fromPayload,
  type QuestionnaireAnswers,
  toPayload,
  validateAnswers,
} from "./questionnaire_form.ts";

interface Props {
  entry: AdminQuestionnaire;
  approving: boolean;
  onApprove(): void;
  /** after corrected answers were stored: reload the list */
  onSaved(): void;
  onClose(): void;
}

const day = (iso?: string | null) => iso ? formatGermanDate(iso.slice(0, 10)) : "–";

/**
 * Every answer of a questionnaire (spec 01 §2 "Questionnaire details"). A submitted one can be
 * corrected before approval (spec 01 §4); 'Genehmigen' waits until the changes are saved.
 */
export function QuestionnaireDetails({ entry, approving, onApprove, onSaved, onClose }: Props) {
  const toast = useToast();
  const [answers, setAnswers] = useState<QuestionnaireAnswers | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const submitted = entry.status === "submitted";

  // The list carries no answers: they come from the details call, again after each reload of the
  // list (a save), unless the admin is typing.
  useEffect(() => {
    if (editing) return;
    let current = true;
    loadQuestionnaire(entry.id).then((detail) => {
      const stored = answersOf(detail);
      if (current) setAnswers(stored && fromPayload(stored));
    }).catch((err) => {
      if (current) setProblem(err instanceof Error ? err.message : "Unbekannter Fehler");
    }).finally(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [entry, editing]);

  function cancel() {
    setEditing(false);
    setErrors({});
    setProblem("");
  }

  async function save() {
    if (!answers) return;
    // No "vacation in the past" rule here: the student answered before today (as on the server).
    const found = validateAnswers(answers, null);
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem("Bitte prüfen Sie die markierten Angaben.");
      return;
    }
    setSaving(true);
    setProblem("");
    try {
      await updateQuestionnaireAnswers(entry.id, toPayload(answers));
      toast.show("Änderungen gespeichert", "success");
      setEditing(false);
      onSaved();
    } catch (err) {
      setProblem(
        `Fehler beim Speichern: ${err instanceof Error ? err.message : "Unbekannter Fehler"}`,
      );
    } finally {
      setSaving(false);
    }
  }

  const footer = editing
    ? (
      <>
        <button type="button" className="button button-secondary" onClick={cancel}>
          Abbrechen
        </button>
        <BusyButton busy={saving} busyLabel="Wird gespeichert..." onClick={save}>
          Änderungen speichern
        </BusyButton>
      </>
    )
    : (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Schließen
        </button>
        {submitted && answers && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Bearbeiten
          </Button>
        )}
        {submitted && (
          <Button variant="success" onClick={onApprove} disabled={approving}>
            Genehmigen
          </Button>
        )}
      </>
    );

  return (
    <Modal
      open
      title={`Fragebogen: ${entry.first_name} ${entry.last_name}`}
      size="large"
      onClose={editing ? cancel : onClose}
      footer={footer}
    >
      <div className="stack">
        <dl className="questionnaire-meta">
          <div>
            <dt>Status</dt>
            <dd>{entry.status_display || entry.status}</dd>
          </div>
          <div>
            <dt>E-Mail</dt>
            <dd>{entry.email || "–"}</dd>
          </div>
          <div>
            <dt>Erstellt</dt>
            <dd>{day(entry.created_at)}</dd>
          </div>
          <div>
            <dt>Abgesendet</dt>
            <dd>{day(entry.submitted_at)}</dd>
          </div>
          {!answers && (
            <div>
              <dt>Gültig bis</dt>
              <dd>{day(entry.expires_at)}</dd>
            </div>
          )}
        </dl>
        {!loaded && <p role="status">Wird geladen...</p>}
        {loaded && !answers && <FormAlert message={problem} />}
        {answers
          ? (
            <>
              <FormAlert message={problem} />
              <QuestionnaireFields
                answers={answers}
                setAnswers={(change) =>
                  setAnswers((a) => a && (typeof change === "function" ? change(a) : change))}
                errors={errors}
                readOnly={!editing}
              />
            </>
          )
          : loaded && !problem && (
            <div className="alert alert-info" role="note">
              Der Fragebogen wurde noch nicht ausgefüllt. Link:{" "}
              <a href={absoluteLink(entry.questionnaire_url)}>
                {absoluteLink(entry.questionnaire_url)}
              </a>
            </div>
          )}
      </div>
    </Modal>
  );
}
