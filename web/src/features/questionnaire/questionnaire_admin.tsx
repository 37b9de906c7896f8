import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { type Credentials, CredentialsModal } from "../../components/ui/credentials_modal.tsx";
import { FormAlert, TextField } from "../../components/ui/form_fields.tsx";
import { FormDialog } from "../../components/ui/form_dialog.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import {
  absoluteLink,
  type AdminQuestionnaire,
  approveQuestionnaire,
  createQuestionnaire,
  listQuestionnaires,
  type NewQuestionnaire,
} from "./api.ts";
import { QuestionnaireDetails } from "./questionnaire_details.tsx";
import "./questionnaire.css";

const statusBadge: Record<string, string> = {
  submitted: "badge-info",
  approved: "badge-success",
  expired: "badge-danger",
};

/** Copies a text; answers whether it worked ('Kopieren fehlgeschlagen' is the caller's toast). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The admin's side of the questionnaire (spec 01 §2, §4): "Fragebogen-Link erstellen", the link
 * modal, the list with its status, the details with every answer, and 'Genehmigen' for submitted
 * entries, which creates the student and shows the sign-in once.
 */
export function QuestionnaireAdmin({ onApproved }: { onApproved?(): void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.questionnaires,
    queryFn: () =>
      listQuestionnaires().catch((err) => {
        console.error("Fragebögen konnten nicht geladen werden", err);
        throw err;
      }),
  });
  // Like the other lists (spec 01 §8): a failure is logged, the list stays empty.
  const entries = list.data ?? (list.isError ? [] : null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires });
  const approval = useMutation({
    mutationFn: (id: number) => approveQuestionnaire(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires }),
  });
  const approving = approval.isPending ? approval.variables : null;
  const [creating, setCreating] = useState(false);
  const [link, setLink] = useState<AdminQuestionnaire | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  const detail = entries?.find((e) => e.id === detailId) ?? null;

  async function approve(entry: AdminQuestionnaire) {
    const name = `${entry.first_name} ${entry.last_name}`.trim();
    const sure = await confirm({
      title: "Fragebogen genehmigen",
      message: `Fragebogen von ${name} genehmigen und ein Schülerkonto anlegen?`,
      confirmLabel: "Genehmigen",
      variant: "info",
    });
    if (!sure) return;
    try {
      const answer = await approval.mutateAsync(entry.id);
      toast.show(answer.message || `${name} wurde als Fahrschüler angelegt.`, "success");
      setDetailId(null);
      setCredentials({ name, username: answer.username, password: answer.password });
      onApproved?.();
    } catch (err) {
      toast.show(`Fehler: ${err instanceof Error ? err.message : "Unbekannter Fehler"}`, "error");
    }
  }

  return (
    <div className="questionnaire-admin" data-tutorial="questionnaires">
      <div className="questionnaire-admin-head">
        <div>
          <h3>Online-Fragebögen</h3>
          <p className="muted">
            Neue Fahrschüler füllen den Fragebogen über einen persönlichen Link aus. Nach Ihrer
            Genehmigung wird das Schülerkonto angelegt.
          </p>
        </div>
        <button
          type="button"
          className="button button-primary"
          onClick={() => setCreating(true)}
          data-tutorial="questionnaire-create"
        >
          Fragebogen-Link erstellen
        </button>
      </div>

      {entries === null
        ? <div className="page-loading" aria-busy="true" />
        : entries.length === 0
        ? <p className="form-section-empty">Noch keine Fragebögen erstellt.</p>
        : (
          <div className="table-wrap" data-tutorial="questionnaire-list">
            <table className="table questionnaire-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-Mail</th>
                  <th scope="col">Status</th>
                  <th scope="col">Erstellt</th>
                  <th scope="col">
                    <span className="sr-only">Aktionen</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{`${entry.first_name} ${entry.last_name}`}</td>
                    <td>{entry.email}</td>
                    <td>
                      <span className={`badge ${statusBadge[entry.status] ?? "badge-warning"}`}>
                        {entry.status_display || entry.status}
                      </span>
                    </td>
                    <td>
                      {entry.created_at ? formatGermanDate(entry.created_at.slice(0, 10)) : ""}
                    </td>
                    <td>
                      <div className="questionnaire-actions-cell">
                        <Button variant="ghost" small onClick={() => setDetailId(entry.id)}>
                          Details
                        </Button>
                        {entry.status !== "submitted" && entry.status !== "approved" && (
                          <Button
                            variant="ghost"
                            small
                            onClick={() => setLink(entry)}
                          >
                            Link
                          </Button>
                        )}
                        {entry.status === "submitted" && (
                          <Button
                            variant="success"
                            small
                            disabled={approving === entry.id}
                            onClick={() => approve(entry)}
                          >
                            Genehmigen
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

      {creating && (
        <CreateLinkDialog
          onClose={() => setCreating(false)}
          onCreated={(entry) => {
            setCreating(false);
            setLink(entry);
            reload();
          }}
        />
      )}
      <LinkModal entry={link} onClose={() => setLink(null)} />
      {detail && (
        <QuestionnaireDetails
          entry={detail}
          approving={approving === detail.id}
          onApprove={() => approve(detail)}
          onSaved={reload}
          onClose={() => setDetailId(null)}
        />
      )}
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
    </div>
  );
}

interface CreateProps {
  onClose(): void;
  onCreated(entry: AdminQuestionnaire): void;
}

const personFields: [keyof NewQuestionnaire, string][] = [
  ["first_name", "Vorname"],
  ["last_name", "Nachname"],
  ["email", "E-Mail"],
];

/** "Fragebogen-Link erstellen": first name, last name and e-mail of the person. */
function CreateLinkDialog({ onClose, onCreated }: CreateProps) {
  const toast = useToast();
  const [person, setPerson] = useState<NewQuestionnaire>({
    first_name: "",
    last_name: "",
    email: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof NewQuestionnaire, string>>>({});
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const set = (key: keyof NewQuestionnaire) => (value: string) =>
    setPerson((p) => ({ ...p, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!person.first_name.trim()) found.first_name = "Bitte geben Sie den Vornamen ein.";
    if (!person.last_name.trim()) found.last_name = "Bitte geben Sie den Nachnamen ein.";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(person.email.trim())) {
      found.email = "Bitte geben Sie eine gültige E-Mail-Adresse ein.";
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setProblem("");
    try {
      onCreated(
        await createQuestionnaire({
          first_name: person.first_name.trim(),
          last_name: person.last_name.trim(),
          email: person.email.trim(),
        }),
      );
    } catch (err) {
      toast.show("Fehler beim Erstellen des Fragebogens.", "error");
      // A refusal with a reason (e.g. an e-mail that already has an account) is worth reading.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setProblem(err.message);
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Fragebogen-Link erstellen"
      size="small"
      saving={saving}
      submitLabel="Link erstellen"
      busyLabel="Wird erstellt..."
      onSubmit={submit}
      onClose={onClose}
      formClassName="stack"
    >
      <FormAlert message={problem} />
      {personFields.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          type={key === "email" ? "email" : "text"}
          required
          value={person[key]}
          onChange={set(key)}
          error={errors[key]}
          autoComplete="off"
        />
      ))}
    </FormDialog>
  );
}

/** The questionnaire link with a copy button (spec 01 §2). */
function LinkModal({ entry, onClose }: { entry: AdminQuestionnaire | null; onClose(): void }) {
  const toast = useToast();
  const url = entry ? absoluteLink(entry.questionnaire_url) : "";
  return (
    <Modal
      open={entry !== null}
      title="Fragebogen-Link"
      size="medium"
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          Fertig
        </button>
      }
    >
      {entry && (
        <div className="stack">
          <p>
            Senden Sie diesen Link an <strong>{`${entry.first_name} ${entry.last_name}`}</strong>
            {entry.email ? ` (${entry.email})` : ""}. Er ist 30 Tage gültig.
          </p>
          <div className="questionnaire-link" data-tutorial="questionnaire-link">
            <input
              type="text"
              readOnly
              value={url}
              aria-label="Fragebogen-Link"
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="secondary"
              onClick={async () =>
                (await copyText(url))
                  ? toast.show("Link kopiert", "success")
                  : toast.show("Kopieren fehlgeschlagen", "error")}
            >
              Kopieren
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
