import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { SchoolCalendarAnswer } from "../../../../common/contract/school_calendar.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import {
  DateField,
  FormAlert,
  RadioGroup,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { hasUnreadableField, unreadableFieldMessage } from "../../components/ui/typed_field.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { formatGermanDate, todayIso } from "../../lib/german_dates.ts";
import { queryKeys } from "../../lib/query_keys.ts";

type ClosingDay = SchoolCalendarAnswer["closing_days"][number];

/** 'Mi, 24.12.2027 ab 12:00' or '28.12.2027 – 30.12.2027, ganztägig'. */
export function closingDayText(day: ClosingDay): string {
  const days = day.end_date === day.start_date
    ? formatGermanDate(day.start_date)
    : `${formatGermanDate(day.start_date)} – ${formatGermanDate(day.end_date)}`;
  return `${days}, ${day.from_time ? `ab ${day.from_time} Uhr` : "ganztägig"}`;
}

/** The client's objection to a new closing day, '' when it may be sent; the server checks again. */
export function closingDayProblem(
  name: string,
  from: string,
  to: string,
  partial: boolean,
  time: string,
): string {
  if (!name.trim()) return "Bitte einen Namen des Schließtags angeben.";
  if (!from) return "Bitte den ersten Schließtag angeben.";
  if (to && to < from) return "Der letzte Schließtag darf nicht vor dem ersten liegen.";
  if (partial && !time) return "Bitte die Uhrzeit angeben, ab der die Fahrschule schließt.";
  return "";
}

/**
 * "Schließtage" (issue 25, point 2): days the school itself closes (24.12., 31.12., bridge days,
 * a company outing), whole or from a time on. The planner plans nothing on them and a manual
 * booking asks first, like on a public holiday. Each add or delete is saved at once.
 */
export function ClosingDaysCard({ days }: { days: ClosingDay[] }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [name, setName] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [kind, setKind] = useState("whole");
  const [time, setTime] = useState("");
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState("");
  const answered = (answer: SchoolCalendarAnswer) =>
    queryClient.setQueryData(queryKeys.schoolCalendar, answer);
  const add = useMutation({
    mutationFn: () =>
      call("POST /admin/school-calendar/closing-days/", {
        body: {
          name: name.trim(),
          start_date: from,
          end_date: to || from,
          from_time: kind === "partial" ? time : null,
        },
      }),
    onSuccess: (answer) => {
      answered(answer);
      setDone(`Schließtag „${name.trim()}“ eingetragen. Gilt ab der nächsten Planung.`);
      setName("");
      setFrom("");
      setTo("");
      setKind("whole");
      setTime("");
    },
  });
  const remove = useMutation({
    mutationFn: (day: ClosingDay) =>
      call("DELETE /admin/school-calendar/closing-days/{id}/", { params: { id: day.id } }),
    onSuccess: (answer, day) => {
      answered(answer);
      setDone(`Schließtag „${day.name}“ gelöscht.`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone("");
    const objection = hasUnreadableField(event.currentTarget as HTMLFormElement)
      ? unreadableFieldMessage
      : closingDayProblem(name, from, to, kind === "partial", time);
    setProblem(objection);
    if (objection) return;
    add.mutate(undefined, {
      onError: (error) =>
        setProblem(
          error instanceof ApiError ? error.message : "Der Schließtag wurde nicht gespeichert.",
        ),
    });
  }

  return (
    <section className="card" aria-labelledby="closing-title">
      <h2 id="closing-title" className="card-title">Schließtage der Fahrschule</h2>
      <p className="field-hint">
        Tage, an denen die Fahrschule geschlossen hat (z. B. Heiligabend, Brückentage, ein
        Betriebsausflug): ganztägig oder ab einer Uhrzeit. Die KI plant dann nichts; wer einen
        Termin von Hand darauf legt, wird gefragt.
      </p>
      {days.length === 0
        ? <p className="form-section-empty">Keine Schließtage eingetragen.</p>
        : (
          <ul className="holiday-list closing-day-list" aria-label="Schließtage">
            {days.map((day) => (
              <li key={day.id}>
                <span className="holiday-date">{closingDayText(day)}</span>
                <span>{day.name}</span>
                <button
                  type="button"
                  className="icon-button icon-button-danger"
                  aria-label={`Schließtag „${day.name}“ löschen`}
                  title="Löschen"
                  disabled={remove.isPending}
                  onClick={() => {
                    setDone("");
                    remove.mutate(day, {
                      onError: (error) =>
                        setProblem(
                          error instanceof ApiError
                            ? error.message
                            : "Der Schließtag wurde nicht gelöscht.",
                        ),
                    });
                  }}
                >
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      <form id={formId} className="form closing-day-form" onSubmit={submit} noValidate>
        <TextField label="Name" required value={name} maxLength={80} onChange={setName} />
        <div className="form-grid">
          <DateField label="Erster Tag" required value={from} min={todayIso()} onChange={setFrom} />
          <DateField
            label="Letzter Tag"
            value={to}
            min={from || todayIso()}
            hint="leer = nur der erste Tag"
            outOfRangeMessage="Der letzte Schließtag darf nicht vor dem ersten liegen."
            onChange={setTo}
          />
        </div>
        <RadioGroup
          legend="Geschlossen"
          name={`${formId}-kind`}
          value={kind}
          onChange={setKind}
          options={[
            { value: "whole", label: "Ganztägig" },
            { value: "partial", label: "Ab einer Uhrzeit" },
          ]}
        />
        {kind === "partial" && <TimeField label="Geschlossen ab" value={time} onChange={setTime} />}
        <FormAlert message={problem} />
        {done && <div className="alert alert-success" role="status">{done}</div>}
        <div>
          <BusyButton type="submit" busy={add.isPending} busyLabel="Wird gespeichert …">
            Schließtag eintragen
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
