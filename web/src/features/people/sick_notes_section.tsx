import { type FormEvent, useCallback, useEffect, useState } from "react";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { DateField, FormAlert, FormSection, TextField } from "../../components/ui/form_fields.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { hasUnreadableField, unreadableFieldMessage } from "../../components/ui/typed_field.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { formatGermanDate, todayIso } from "../../lib/german_dates.ts";
import type { SickNote, SickNoteCreated } from "../../../../common/contract/affected.ts";

/** The client's objection to a sick note, '' when it may be sent. */
export function sickNoteProblem(from: string, to: string): string {
  if (!from || !to) return "Bitte geben Sie Beginn und Ende der Krankmeldung an.";
  if (to < from) return "Das Enddatum darf nicht vor dem Anfangsdatum liegen.";
  return "";
}

function SickNoteDialog(
  { instructorId, onClose, onSaved }: {
    instructorId: number;
    onClose(): void;
    onSaved(): void;
  },
) {
  const toast = useToast();
  const [from, setFrom] = useState(todayIso());
  const [to, setTo] = useState(todayIso());
  const [note, setNote] = useState("");
  const { saving, problem, submit } = useDialogSubmit(
    "Die Krankmeldung konnte nicht gespeichert werden.",
  );

  function save(event: FormEvent) {
    event.preventDefault();
    // A Von or Bis showing a date it cannot read keeps its old day: not sent as if it were typed.
    const objection = hasUnreadableField(event.currentTarget as HTMLFormElement)
      ? unreadableFieldMessage
      : sickNoteProblem(from, to);
    void submit(objection, async () => {
      const answer = await api.post<SickNoteCreated>(
        `/admin/instructors/${instructorId}/sick-note/`,
        { from, to, ...(note.trim() ? { note: note.trim() } : {}) },
      );
      toast.show(answer.message, answer.affected > 0 ? "warning" : "success", 6000);
      onSaved();
      onClose();
    });
  }

  return (
    <FormDialog
      title="Krankmeldung eintragen"
      size="small"
      saving={saving}
      submitLabel="Krankmeldung speichern"
      busyLabel="Wird gespeichert …"
      onSubmit={save}
      onClose={onClose}
    >
      <FormAlert message={problem} />
      <p className="muted">
        Termine in diesem Zeitraum werden als betroffen markiert und können auf dem Dashboard neu
        geplant werden.
      </p>
      <DateField label="Von" required value={from} onChange={setFrom} />
      <DateField label="Bis" required value={to} min={from} onChange={setTo} />
      <TextField label="Notiz (optional)" value={note} maxLength={500} onChange={setNote} />
    </FormDialog>
  );
}

/**
 * The instructor's sick notes in the detail view (issue 11): the list, "Krankmeldung" to add one
 * (von/bis, optional note) and delete. They are not part of the person form: saving the form keeps
 * them, and they are written at once, each with an audit line.
 */
export function SickNotesSection({ id }: { id: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [notes, setNotes] = useState<SickNote[] | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    api.get<SickNote[]>(`/admin/instructors/${id}/sick-notes/`).then(setNotes).catch(() =>
      setNotes([])
    );
  }, [id]);
  useEffect(load, [load]);

  async function remove(note: SickNote) {
    const ok = await confirm({
      title: "Krankmeldung löschen",
      message: `Krankmeldung vom ${formatGermanDate(note.from)} bis ${
        formatGermanDate(note.to)
      } löschen?`,
      confirmLabel: "Löschen",
    });
    if (!ok) return;
    try {
      await api.delete(`/admin/sick-notes/${note.id}/`);
      toast.show("Krankmeldung gelöscht.", "success");
      load();
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message ? error.message : "Löschen fehlgeschlagen.",
        "error",
      );
    }
  }

  return (
    <FormSection
      title="Krankmeldungen"
      description="Krankheitstage des Fahrlehrers; seine Termine darin gelten als betroffen."
      footer={
        <button
          type="button"
          className="button button-warning"
          onClick={() => setAdding(true)}
        >
          Krankmeldung
        </button>
      }
    >
      {notes === null
        ? <p className="muted">Wird geladen …</p>
        : notes.length === 0
        ? <p className="muted">Keine Krankmeldungen eingetragen.</p>
        : (
          <ul className="sick-notes">
            {notes.map((n) => (
              <li key={n.id}>
                <span>
                  {n.from === n.to
                    ? formatGermanDate(n.from)
                    : `${formatGermanDate(n.from)} – ${formatGermanDate(n.to)}`}
                  {n.note && <span className="muted">{` (${n.note})`}</span>}
                </span>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void remove(n)}
                >
                  Löschen
                </button>
              </li>
            ))}
          </ul>
        )}
      {adding && (
        <SickNoteDialog
          instructorId={id}
          onClose={() => setAdding(false)}
          onSaved={load}
        />
      )}
    </FormSection>
  );
}
