import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { ClosingDaysCard } from "./closing_days_card.tsx";
import { PlannedWeekdaysCard } from "./planned_weekdays_card.tsx";
import { PickupPointsCard } from "./pickup_points_card.tsx";
import { usePageTitle } from "../../lib/page_title.ts";
import { formatGermanDate, mondayIndex, todayIso } from "../../lib/german_dates.ts";
import { Button } from "../../components/ui/button.tsx";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import {
  DateField,
  FieldRow,
  FormAlert,
  SelectField,
  TextField,
} from "../../components/ui/form_fields.tsx";
import {
  FEDERAL_STATE_CODES,
  FEDERAL_STATES,
  type FederalState,
} from "../../../../common/school_calendar/states.ts";
import { publicHolidays } from "../../../../common/school_calendar/public_holidays.ts";
import type { SchoolCalendarAnswer } from "../../../../common/contract/school_calendar.ts";
import { germanDayName } from "../../../../common/german_words.ts";
import { de } from "../../i18n/de.ts";
import {
  blankRow,
  type FerienRow,
  newKey,
  rowErrors,
  shippedRows,
  toPayload,
} from "./ferien_form.ts";
import "./school_calendar.css";

const stateOptions = FEDERAL_STATE_CODES.map((code) => ({
  value: code,
  label: FEDERAL_STATES[code],
}));

type Status = { kind: "success" | "error"; text: string } | null;

/** The form's part of the calendar: the state and the Ferien rows (each with a key for React). */
interface CalendarForm {
  state: FederalState;
  rows: FerienRow[];
}

/** The saved calendar as the form shows it. */
function savedForm(answer: SchoolCalendarAnswer): CalendarForm {
  return {
    state: answer.federal_state,
    rows: answer.ferien.map((f) => ({ ...f, key: newKey() })),
  };
}

/**
 * Ferien & Feiertage (issue 11): the school's state, whose public holidays are never planned, and
 * the Ferien, in which students' school timetables do not apply.
 */
export default function SchoolCalendarScreen() {
  usePageTitle("Ferien & Feiertage");
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: queryKeys.schoolCalendar,
    queryFn: ({ signal }) => call("GET /admin/school-calendar/", { signal }),
  });
  const saved = useMemo(() => loaded.data && savedForm(loaded.data), [loaded.data]);
  // The admin's changes since the last save; a reload of the saved calendar leaves them alone.
  const [draft, setDraft] = useState<CalendarForm | null>(null);
  const state = draft?.state ?? saved?.state ?? null;
  const rows = draft?.rows ?? saved?.rows ?? [];
  const setState = (next: FederalState) => setDraft({ state: next, rows });
  const setRows = (next: FerienRow[]) => state && setDraft({ state, rows: next });
  const range = {
    from: loaded.data?.public_holidays_from ?? "",
    to: loaded.data?.public_holidays_to ?? "",
  };
  const loadError = loaded.isError && !loaded.data
    ? (loaded.error instanceof ApiError
      ? loaded.error.message
      : "Ferien und Feiertage konnten nicht geladen werden.")
    : "";
  const [status, setStatus] = useState<Status>(null);
  const [showErrors, setShowErrors] = useState(false);
  const saveCalendar = useMutation({
    mutationFn: (form: CalendarForm) =>
      call("PUT /admin/school-calendar/", { body: toPayload(form.state, form.rows) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.schoolCalendar, answer);
      setDraft(null);
    },
  });
  const saving = saveCalendar.isPending;

  // The list follows the picked state at once, before it is saved.
  const holidays = useMemo(
    () => (state && range.from ? publicHolidays(state, range.from, range.to) : []),
    [state, range.from, range.to],
  );

  if (loadError) {
    return (
      <section className="page page-narrow">
        <h1>Ferien & Feiertage</h1>
        <div className="alert alert-error" role="alert">{loadError}</div>
      </section>
    );
  }
  if (!state) return <div className="page-loading" aria-busy="true" />;

  const stateName = FEDERAL_STATES[state];
  const errors = rowErrors(rows);
  const shipped = shippedRows(state, todayIso());
  const update = (index: number, patch: Partial<FerienRow>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const save = async () => {
    if (errors.size > 0) {
      setShowErrors(true);
      setStatus({ kind: "error", text: "Bitte die markierten Ferienzeiträume korrigieren." });
      return;
    }
    try {
      const answer = await saveCalendar.mutateAsync({ state, rows });
      setShowErrors(false);
      setStatus({
        kind: "success",
        text: `Gespeichert: ${answer.federal_state_name}, ${answer.ferien.length} ${
          answer.ferien.length === 1 ? "Ferienzeitraum" : "Ferienzeiträume"
        }. Gilt ab der nächsten Planung.`,
      });
    } catch (err) {
      setStatus({
        kind: "error",
        text: err instanceof ApiError ? err.message : "Das Speichern ist fehlgeschlagen.",
      });
    }
  };

  return (
    <section className="page school-calendar">
      <header className="page-header">
        <div>
          <h1>Ferien & Feiertage</h1>
          <p>
            An gesetzlichen Feiertagen des Bundeslandes und an Schließtagen der Fahrschule plant die
            KI keine Fahrstunden. In den Ferien gilt der Stundenplan der Schüler nicht; wer in den
            Ferien nicht verfügbar ist, bekommt dann keine Fahrstunden.
          </p>
        </div>
      </header>

      <div className="school-calendar-grid">
        <div className="school-calendar-main">
          <section className="card" aria-labelledby="state-title" data-tutorial="school-state">
            <h2 id="state-title" className="card-title">Bundesland</h2>
            <SelectField
              label="Bundesland der Fahrschule"
              value={state}
              options={stateOptions}
              onChange={(code) => setState(code as FederalState)}
            />
          </section>

          <PlannedWeekdaysCard />

          <PickupPointsCard />

          <section className="card" aria-labelledby="ferien-title">
            <div className="card-header">
              <h2 id="ferien-title">Schulferien</h2>
              <span className="badge badge-primary">{rows.length} Zeiträume</span>
            </div>
            <p className="field-hint">
              Erster und letzter Ferientag zählen jeweils mit.
            </p>
            {rows.length === 0 && (
              <p className="school-calendar-empty">
                Keine Ferien eingetragen.
              </p>
            )}
            {rows.map((row, index) => (
              <FieldRow
                key={row.key}
                label={row.name.trim() || `Ferienzeitraum ${index + 1}`}
                onRemove={() => setRows(rows.filter((_, i) => i !== index))}
                className="ferien-row"
              >
                <TextField
                  label="Name"
                  value={row.name}
                  onChange={(name) => update(index, { name })}
                  maxLength={80}
                />
                <DateField
                  label="Erster Ferientag"
                  value={row.start_date}
                  onChange={(start_date) => update(index, { start_date })}
                />
                <DateField
                  label="Letzter Ferientag"
                  value={row.end_date}
                  onChange={(end_date) => update(index, { end_date })}
                  error={showErrors ? errors.get(index) : undefined}
                />
              </FieldRow>
            ))}
            <div className="school-calendar-row-actions">
              <Button variant="secondary" onClick={() => setRows([...rows, blankRow()])}>
                Ferienzeitraum hinzufügen
              </Button>
              <Button
                variant="secondary"
                disabled={shipped.length === 0}
                onClick={() => {
                  setRows(shipped);
                  setStatus({
                    kind: "success",
                    text: `Ferien für ${stateName} übernommen. Bitte speichern.`,
                  });
                }}
              >
                Ferien für {stateName} übernehmen
              </Button>
            </div>
            {shipped.length === 0 && (
              <p className="field-hint">
                Für {stateName}{" "}
                sind keine Ferientermine hinterlegt. Bitte tragen Sie die Ferien selbst ein.
              </p>
            )}
          </section>
        </div>

        <section className="card" aria-labelledby="holidays-title">
          <h2 id="holidays-title" className="card-title">Gesetzliche Feiertage</h2>
          <p className="field-hint">
            {stateName}, {formatGermanDate(range.from)} bis{" "}
            {formatGermanDate(range.to)}. An diesen Tagen wird nichts geplant.
          </p>
          <ul className="holiday-list" aria-label="Gesetzliche Feiertage">
            {holidays.map((h) => (
              <li key={h.date}>
                <span className="holiday-date">
                  {germanDayName(mondayIndex(h.date) + 1).slice(0, 2)}, {formatGermanDate(h.date)}
                </span>
                <span>{h.name}</span>
              </li>
            ))}
          </ul>
        </section>
        <ClosingDaysCard days={loaded.data?.closing_days ?? []} />
      </div>

      <div className="school-calendar-footer">
        <div className="school-calendar-status" role="status" aria-live="polite">
          {status?.kind === "success" && <div className="alert alert-success">{status.text}</div>}
          {status?.kind === "error" && <FormAlert message={status.text} />}
        </div>
        <div className="school-calendar-actions">
          <BusyButton busy={saving} busyLabel={de.actions.saving} onClick={() => void save()}>
            {de.actions.save}
          </BusyButton>
        </div>
      </div>
    </section>
  );
}
