import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FormAlert } from "../../components/ui/form_fields.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { formatGermanDate } from "../../lib/german_dates.ts";
import { queryKeys } from "../../lib/query_keys.ts";
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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [saveProblem, setProblem] = useState("");
  const submitted = entry.status === "submitted";

  // The list carries no answers: they come from the details call, again after each save (which
  // marks the questionnaires stale); while the admin types, the typed answers are shown.
  const detail = useQuery({
    queryKey: [...queryKeys.questionnaires, entry.id],
    queryFn: () => loadQuestionnaire(entry.id),
  });
  const stored = useMemo(() => {
    const found = detail.data && answersOf(detail.data);
    return found ? fromPayload(found) : null;
  }, [detail.data]);
  const [draft, setDraft] = useState<QuestionnaireAnswers | null>(null);
  const answers = (editing ? draft : null) ?? stored;
  const setAnswers = (change: (a: QuestionnaireAnswers) => QuestionnaireAnswers) =>
    setDraft((a) => {
      const base = a ?? stored;
      return base && change(base);
    });
  const loaded = !detail.isPending;
  const loadProblem = detail.isError && !detail.data
    ? (detail.error instanceof Error ? detail.error.message : "Unbekannter Fehler")
    : "";
  const problem = saveProblem || loadProblem;
  const update = useMutation({
    mutationFn: (next: QuestionnaireAnswers) =>
      updateQuestionnaireAnswers(entry.id, toPayload(next)),
    // Waits for the reloaded answers, so the typed ones stay until the saved ones are there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires }),
  });
  const saving = update.isPending;

  function cancel() {
    setEditing(false);
    setDraft(null);
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
    setProblem("");
    try {
      await update.mutateAsync(answers);
      toast.show("Änderungen gespeichert", "success");
      setEditing(false);
      setDraft(null);
      onSaved();
    } catch (err) {
      setProblem(
        `Fehler beim Speichern: ${err instanceof Error ? err.message : "Unbekannter Fehler"}`,
      );
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
                  setAnswers((a) => typeof change === "function" ? change(a) : change)}
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
