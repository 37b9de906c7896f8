import { type FormEvent, useCallback, useEffect, useState } from "react";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import {
  DateField,
  FormAlert,
  FormSection,
  RadioGroup,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";

/** A row of GET /api/admin/special-dates/?user=. */
interface Absence {
  id: number;
  date: string;
  end_date: string;
  is_unavailable: boolean;
  start_time: string | null;
  end_time: string | null;
  description: string;
}

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
    void submit(absenceProblem(from, to, whole, start, end), async () => {
      const answer = await api.post<{ message: string; affected: number }>(
        "/admin/special-dates/",
        {
          user_id: userId,
          date: from,
          end_date: to || from,
          is_unavailable: whole,
          start_time: whole ? null : start,
          end_time: whole ? null : end,
          description: description.trim(),
        },
      );
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

/**
 * The person's absences in the detail view (issue 14): the ranges the person entered on their own
 * screen and those the office adds here, whole days or the same hours on each day. Written at
 * once, each with an audit line; lessons inside a new range count as affected.
 */
export function AbsencesSection({ id }: { id: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [absences, setAbsences] = useState<Absence[] | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    api.get<{ results: Absence[] }>(`/admin/special-dates/?user=${id}`)
      .then((data) => setAbsences(data.results))
      .catch(() => setAbsences([]));
  }, [id]);
  useEffect(load, [load]);

  async function remove(absence: Absence) {
    const ok = await confirm({
      title: "Abwesenheit löschen",
      message: `Abwesenheit ${describe(absence)} löschen?`,
      confirmLabel: "Löschen",
    });
    if (!ok) return;
    try {
      await api.delete(`/admin/special-dates/${absence.id}/`);
      toast.show("Abwesenheit gelöscht.", "success");
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
      title="Abwesenheiten"
      description="Von-bis, ganztägig oder stundenweise; Termine darin gelten als betroffen."
      footer={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setAdding(true)}
        >
          Abwesenheit eintragen
        </button>
      }
    >
      {absences === null
        ? <p className="muted">Wird geladen …</p>
        : absences.length === 0
        ? <p className="muted">Keine Abwesenheiten eingetragen.</p>
        : (
          <ul className="sick-notes" aria-label="Abwesenheiten">
            {absences.map((a) => (
              <li key={a.id}>
                <span>
                  {describe(a)}
                  {a.description && <span className="muted">{` (${a.description})`}</span>}
                </span>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Abwesenheit ${describe(a)} löschen`}
                  onClick={() => void remove(a)}
                >
                  Löschen
                </button>
              </li>
            ))}
          </ul>
        )}
      {adding && <AbsenceDialog userId={id} onClose={() => setAdding(false)} onSaved={load} />}
    </FormSection>
  );
}
