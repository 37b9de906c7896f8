import { type FormEvent, useMemo, useState } from "react";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import {
  DateField,
  FormAlert,
  RadioGroup,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { hasUnreadableField, unreadableFieldMessage } from "../../components/ui/typed_field.tsx";
import { call } from "../../lib/api.ts";
import type { SpecialDateRow } from "../../lib/api_types.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { DatedEntriesSection, type DatedEntryKind } from "./dated_entries_section.tsx";
import { formatGermanDate } from "../../lib/german_dates.ts";

/** A row of GET /api/admin/special-dates/?user=. */
type Absence = SpecialDateRow;

/** The client's objection to an absence, '' when it may be sent. */
export function absenceProblem(
  from: string,
  to: string,
  whole: boolean,
  start: string,
  end: string,
): string {
  if (!from) return "Bitte geben Sie den ersten Tag der Abwesenheit an.";
  if (to && to < from) return "Der letzte Tag darf nicht vor dem ersten Tag liegen.";
  if (!whole && (!start || !end)) {
    return "Bitte geben Sie bei teilweiser Abwesenheit eine Start- und eine Endzeit an.";
  }
  if (!whole && start >= end) {
    return "Bei teilweiser Abwesenheit muss die Startzeit vor der Endzeit liegen.";
  }
  return "";
}

function AbsenceDialog(
  { userId, onClose, onSaved }: { userId: number; onClose(): void; onSaved(): void },
) {
  const toast = useToast();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [kind, setKind] = useState("full");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [description, setDescription] = useState("");
  const { saving, problem, submit } = useDialogSubmit(
    "Die Abwesenheit konnte nicht gespeichert werden.",
  );
  const whole = kind === "full";

  function save(event: FormEvent) {
    event.preventDefault();
    // A date or time field showing text it cannot read keeps its old value: never sent as typed.
    const objection = hasUnreadableField(event.currentTarget as HTMLFormElement)
      ? unreadableFieldMessage
      : absenceProblem(from, to, whole, start, end);
    void submit(objection, async () => {
      const answer = await call("POST /admin/special-dates/", {
        body: {
          user_id: userId,
          date: from,
          end_date: to || from,
          is_unavailable: whole,
          start_time: whole ? null : start,
          end_time: whole ? null : end,
          description: description.trim(),
        },
      });
      toast.show(answer.message, answer.affected > 0 ? "warning" : "success", 6000);
      onSaved();
      onClose();
    });
  }

  return (
    <FormDialog
      title="Abwesenheit eintragen"
      size="small"
      saving={saving}
      submitLabel="Abwesenheit speichern"
      busyLabel="Wird gespeichert …"
      onSubmit={save}
      onClose={onClose}
    >
      <FormAlert message={problem} />
      <DateField label="Erster Tag" required value={from} onChange={setFrom} />
      <DateField
        label="Letzter Tag"
        value={to}
        hint="leer = nur der erste Tag"
        onChange={setTo}
      />
      <RadioGroup
        legend="Art"
        name="absence-kind"
        value={kind}
        onChange={setKind}
        options={[
          { value: "full", label: "Ganztägig" },
          { value: "partial", label: "Teilweise (jeden Tag)" },
        ]}
      />
      {!whole && (
        <>
          <TimeField label="Von" value={start} onChange={setStart} />
          <TimeField label="Bis" value={end} onChange={setEnd} />
        </>
      )}
      <TextField
        label="Beschreibung (optional)"
        value={description}
        maxLength={500}
        onChange={setDescription}
      />
    </FormDialog>
  );
}

function describe(a: Absence): string {
  const days = a.date === a.end_date
    ? formatGermanDate(a.date)
    : `${formatGermanDate(a.date)} – ${formatGermanDate(a.end_date)}`;
  const times = a.is_unavailable ? "ganztägig" : `${a.start_time}–${a.end_time} Uhr`;
  return `${days}, ${times}`;
}

function absencesOf(userId: number): DatedEntryKind<Absence> {
  return {
    noun: "Abwesenheit",
    title: "Abwesenheiten",
    description: "Von-bis, ganztägig oder stundenweise; Termine darin gelten als betroffen.",
    emptyText: "Keine Abwesenheiten eingetragen.",
    addLabel: "Abwesenheit eintragen",
    addClassName: "button button-secondary",
    queryKey: [...queryKeys.absences, "ranges", userId],
    load: (signal) =>
      call("GET /admin/special-dates/", { query: { user: userId }, signal }).then((data) =>
        data.results
      ),
    deleteRoute: "DELETE /admin/special-dates/{id}/",
    describe,
    note: (absence) => absence.description || null,
    addDialog: (props) => <AbsenceDialog userId={userId} {...props} />,
  };
}

/**
 * The person's absences in the detail view (issue 14): the ranges the person entered on their own
 * screen and those the office adds here, whole days or the same hours on each day. Lessons inside
 * a new range count as affected.
 */
export function AbsencesSection({ id }: { id: number }) {
  const kind = useMemo(() => absencesOf(id), [id]);
  return <DatedEntriesSection kind={kind} />;
}
