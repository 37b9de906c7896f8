import { type FormEvent, useMemo, useState } from "react";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { DateField, FormAlert, TextField } from "../../components/ui/form_fields.tsx";
import { hasUnreadableField, unreadableFieldMessage } from "../../components/ui/typed_field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { DatedEntriesSection, type DatedEntryKind } from "./dated_entries_section.tsx";
import { formatGermanDate, todayIso } from "../../lib/german_dates.ts";
import type { SickNote } from "../../../../common/contract/affected.ts";

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

  // Both fields open on today: a Von typed past Bis takes Bis along, since a one-day sick note
  // on a later day is what the office mostly enters (it met "Enddatum vor Anfangsdatum" before).
  function changeFrom(day: string) {
    setFrom(day);
    if (day && to < day) setTo(day);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    // A Von or Bis showing a date it cannot read keeps its old day: not sent as if it were typed.
    const objection = hasUnreadableField(event.currentTarget as HTMLFormElement)
      ? unreadableFieldMessage
      : sickNoteProblem(from, to);
    void submit(objection, async () => {
      const answer = await call("POST /admin/instructors/{id}/sick-note/", {
        params: { id: instructorId },
        body: { from, to, ...(note.trim() ? { note: note.trim() } : {}) },
      });
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
      <DateField label="Von" required value={from} onChange={changeFrom} />
      <DateField label="Bis" required value={to} min={from} onChange={setTo} />
      <TextField label="Notiz (optional)" value={note} maxLength={500} onChange={setNote} />
    </FormDialog>
  );
}

function describeSickNote(note: SickNote): string {
  return note.from === note.to
    ? formatGermanDate(note.from)
    : `${formatGermanDate(note.from)} – ${formatGermanDate(note.to)}`;
}

function sickNotesOf(instructorId: number): DatedEntryKind<SickNote> {
  return {
    noun: "Krankmeldung",
    title: "Krankmeldungen",
    description: "Krankheitstage des Fahrlehrers; seine Termine darin gelten als betroffen.",
    emptyText: "Keine Krankmeldungen eingetragen.",
    addLabel: "Krankmeldung",
    addClassName: "button button-warning",
    queryKey: [...queryKeys.absences, "sick-notes", instructorId],
    load: (signal) =>
      call("GET /admin/instructors/{id}/sick-notes/", { params: { id: instructorId }, signal }),
    deleteRoute: "DELETE /admin/sick-notes/{id}/",
    describe: describeSickNote,
    note: (note) => note.note || null,
    addDialog: (props) => <SickNoteDialog instructorId={instructorId} {...props} />,
  };
}

/**
 * The instructor's sick notes in the detail view (issue 11): the list, "Krankmeldung" to add one
 * (von/bis, optional note) and delete. They are not part of the person form: saving the form keeps
 * them.
 */
export function SickNotesSection({ id }: { id: number }) {
  const kind = useMemo(() => sickNotesOf(id), [id]);
  return <DatedEntriesSection kind={kind} />;
}
