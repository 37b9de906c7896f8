import { type Dispatch, type ReactNode, type SetStateAction, useId } from "react";
import {
  DateField,
  FieldRow,
  FormSection,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
} from "../../components/ui/form_fields.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { TimeInput } from "../../components/ui/time_input.tsx";
import { germanWeekdayShort, todayIso } from "../../lib/german_dates.ts";
import {
  type AnswerErrors,
  type DayAnswers,
  licenceClassOptions,
  maxFreePeriods,
  type QuestionnaireAnswers,
  rowKey,
  schoolDayNames,
  startLocations,
} from "./questionnaire_form.ts";
import "./questionnaire.css";

interface Props {
  answers: QuestionnaireAnswers;
  setAnswers: Dispatch<SetStateAction<QuestionnaireAnswers>>;
  errors: AnswerErrors;
  /** true in the admin's details modal before "Bearbeiten" */
  readOnly?: boolean;
  /** the school's Treffpunkte (issue 22); the spec's four places until the server has said */
  pickupPoints?: readonly string[];
}
const personalFields: [
  "first_name" | "last_name" | "email" | "phone",
  string,
  "text" | "email" | "tel",
  string,
][] = [
  ["first_name", "Vorname", "text", "given-name"],
  ["last_name", "Nachname", "text", "family-name"],
  ["email", "E-Mail", "email", "email"],
  ["phone", "Telefon", "tel", "tel"],
];
const vacationInPast = "Ein Urlaub kann nicht vor dem heutigen Tag beginnen.";
const vacationEndsEarly = "Das Ende des Urlaubs kann nicht vor dem Beginn liegen.";
const vacationEndsInPast = "Ein Urlaub kann nicht vor dem heutigen Tag enden.";
const holidayOptions = [{ value: "ja", label: "Ja" }, { value: "nein", label: "Nein" }];

/**
 * The sections of the student questionnaire (spec 02 §2): personal data, school, organisation,
 * weekly availability, free periods and notes. Used by the public form and, for corrections
 * before approval, by the admin's details modal.
 */
export function QuestionnaireFields(
  { answers, setAnswers, errors, readOnly = false, pickupPoints = startLocations }: Props,
) {
  // The stored choice stays a choice even when the school's list no longer has it.
  const locationOptions = [
    ...pickupPoints,
    ...(answers.start_location && !pickupPoints.includes(answers.start_location)
      ? [answers.start_location]
      : []),
  ].map((l) => ({ value: l, label: l }));
  const radioName = useId();
  const set = <K extends keyof QuestionnaireAnswers>(key: K, value: QuestionnaireAnswers[K]) =>
    setAnswers((a) => ({ ...a, [key]: value }));
  const setDay = (index: number, change: (day: DayAnswers) => DayAnswers) =>
    setAnswers((a) => ({ ...a, week: a.week.map((d, i) => i === index ? change(d) : d) }));
  const setVacation = (key: string, patch: { start?: string; end?: string }) =>
    setAnswers((a) => ({
      ...a,
      vacations: a.vacations.map((v) => v.key === key ? { ...v, ...patch } : v),
    }));

  return (
    <fieldset className="view-fieldset questionnaire-fields" disabled={readOnly}>
      <GridSection title="Persönliche Daten">
        {personalFields.map(([key, label, type, autoComplete]) => (
          <TextField
            key={key}
            label={label}
            type={type}
            required
            value={answers[key]}
            onChange={(v) => set(key, v)}
            autoComplete={autoComplete}
            error={errors[key]}
          />
        ))}
        <DateField
          label="Geburtsdatum"
          value={answers.birth_date}
          max={todayIso()}
          onChange={(v) => set("birth_date", v)}
        />
      </GridSection>

      <GridSection title="Schule">
        <TextField
          label="Name der Schule"
          required
          value={answers.school_name}
          onChange={(v) => set("school_name", v)}
          error={errors.school_name}
        />
      </GridSection>

      <FormSection title="Organisation">
        <div className="form-grid">
          <SelectField
            label="Gewünschter Startort"
            required
            placeholder
            value={answers.start_location}
            options={locationOptions}
            onChange={(v) => set("start_location", v)}
            error={errors.start_location}
          />
          <SelectField
            label="Führerscheinklasse"
            required
            placeholder
            value={answers.license_class ?? ""}
            options={licenceClassOptions}
            onChange={(v) => set("license_class", v)}
            error={errors.license_class}
          />
          <RadioGroup
            legend="Verfügbar in den Ferien"
            name={radioName}
            value={answers.available_in_holidays}
            options={holidayOptions}
            onChange={(v) => set("available_in_holidays", v === "nein" ? "nein" : "ja")}
            disabled={readOnly}
          />
        </div>
        <div className="questionnaire-subsection">
          <h4 className="questionnaire-subtitle">Urlaubszeiten (optional)</h4>
          {answers.vacations.length === 0 && (
            <p className="form-section-empty">Keine Urlaubszeiten eingetragen.</p>
          )}
          {answers.vacations.map((row, i) => (
            // data-row: on sending, the screen finds the days this row's fields refuse by it.
            <div key={row.key} className="questionnaire-row" data-row={`vacation-${i}`}>
              <FieldRow
                label={`Urlaub ${i + 1}`}
                onRemove={readOnly
                  ? undefined
                  : () => set("vacations", answers.vacations.filter((v) => v.key !== row.key))}
              >
                {/* Say what is wrong, not 'wrong format' (issue 25, point 13). */}
                <DateField
                  label="Von"
                  value={row.start}
                  min={readOnly ? undefined : todayIso()}
                  outOfRangeMessage={vacationInPast}
                  onChange={(v) => setVacation(row.key, { start: v })}
                />
                <DateField
                  label="Bis"
                  value={row.end}
                  min={readOnly ? undefined : row.start || todayIso()}
                  outOfRangeMessage={row.start ? vacationEndsEarly : vacationEndsInPast}
                  onChange={(v) => setVacation(row.key, { end: v })}
                />
              </FieldRow>
              <RowError message={errors[`vacations.${i}`]} />
            </div>
          ))}
          {!readOnly && (
            <div>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() =>
                  set("vacations", [...answers.vacations, { key: rowKey(), start: "", end: "" }])}
              >
                + Urlaub hinzufügen
              </button>
            </div>
          )}
        </div>
      </FormSection>

      <FormSection
        title="Wöchentliche Verfügbarkeit"
        description="Montag bis Freitag: wann Sie Unterricht haben und ab wann Sie in der Fahrschule sein können. Fahrstunden planen wir ab Ihrer Ankunft bis 20:00 Uhr."
      >
        <WeekTable answers={answers} setDay={setDay} errors={errors} readOnly={readOnly} />
      </FormSection>

      <FormSection
        title="Freistunden"
        description="Bis zu 3 Freistunden pro Tag, in denen Sie Fahrstunden nehmen können."
      >
        <div className="free-days">
          {answers.week.map((day, d) => (
            <FreePeriods
              key={schoolDayNames[d]}
              dayIndex={d}
              day={day}
              errors={errors}
              readOnly={readOnly}
              onChange={(change) => setDay(d, change)}
            />
          ))}
        </div>
      </FormSection>

      <FormSection title="Anmerkungen">
        <TextAreaField
          label="Anmerkungen (optional)"
          value={answers.notes}
          onChange={(v) => set("notes", v)}
        />
      </FormSection>
    </fieldset>
  );
}

/** A form section whose fields sit in the two-column form grid, and nothing else. */
function GridSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FormSection title={title}>
      <div className="form-grid">{children}</div>
    </FormSection>
  );
}

function RowError({ message }: { message?: string }) {
  if (!message) return null;
  return <span className="field-error" role="alert">{message}</span>;
}

interface WeekTableProps {
  answers: QuestionnaireAnswers;
  setDay(index: number, change: (day: DayAnswers) => DayAnswers): void;
  errors: AnswerErrors;
  readOnly: boolean;
}

/** The weekly table: one row per school day, school from/to and arrival (spec 02 §2). */
function WeekTable({ answers, setDay, errors, readOnly }: WeekTableProps) {
  const columns: [keyof Omit<DayAnswers, "free">, string][] = [
    ["school_start", "Schule von"],
    ["school_end", "Schule bis"],
    ["arrival", "Ankunft in der Fahrschule"],
  ];
  return (
    <div className="week-table-wrap">
      <table className="week-table">
        <thead>
          <tr>
            <th scope="col">Tag</th>
            {columns.map(([key, label]) => <th key={key} scope="col">{label}</th>)}
          </tr>
        </thead>
        <tbody>
          {answers.week.map((day, d) => (
            <tr key={schoolDayNames[d]}>
              <th scope="row">
                <abbr title={schoolDayNames[d]}>{germanWeekdayShort[d]}</abbr>
              </th>
              {columns.map(([key, label]) => (
                <td key={key}>
                  <TimeInput
                    value={day[key]}
                    aria-label={`${schoolDayNames[d]}: ${label}`}
                    disabled={readOnly}
                    onChange={(v) => setDay(d, (old) => ({ ...old, [key]: v }))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {answers.week.map((_, d) => (
        <RowError
          key={schoolDayNames[d]}
          message={errors[`week.${d}.school`] &&
            `${schoolDayNames[d]}: ${errors[`week.${d}.school`]}`}
        />
      ))}
    </div>
  );
}

interface FreePeriodsProps {
  dayIndex: number;
  day: DayAnswers;
  errors: AnswerErrors;
  readOnly: boolean;
  onChange(change: (day: DayAnswers) => DayAnswers): void;
}

/** The free periods of one day: at most 3, the add button disappears at 3. */
function FreePeriods({ dayIndex, day, errors, readOnly, onChange }: FreePeriodsProps) {
  const headingId = useId();
  const name = schoolDayNames[dayIndex];
  const setPeriod = (key: string, patch: { start?: string; end?: string }) =>
    onChange((d) => ({ ...d, free: d.free.map((f) => f.key === key ? { ...f, ...patch } : f) }));
  return (
    <div role="group" aria-labelledby={headingId} className="free-day">
      <h4 id={headingId} className="questionnaire-subtitle">{name}</h4>
      {day.free.length === 0 && <p className="form-section-empty">Keine Freistunden.</p>}
      {day.free.map((period, p) => (
        <div key={period.key} className="questionnaire-row">
          <div className="free-period">
            <span className="free-period-label">{`Freistunde ${p + 1}`}</span>
            <TimeInput
              value={period.start}
              aria-label={`${name}, Freistunde ${p + 1}: von`}
              disabled={readOnly}
              onChange={(v) => setPeriod(period.key, { start: v })}
            />
            <span aria-hidden="true">–</span>
            <TimeInput
              value={period.end}
              aria-label={`${name}, Freistunde ${p + 1}: bis`}
              disabled={readOnly}
              onChange={(v) => setPeriod(period.key, { end: v })}
            />
            {!readOnly && (
              <button
                type="button"
                className="icon-button icon-button-danger"
                aria-label={`${name}, Freistunde ${p + 1} entfernen`}
                title="Entfernen"
                onClick={() =>
                  onChange((d) => ({ ...d, free: d.free.filter((f) => f.key !== period.key) }))}
              >
                <Icon name="close" />
              </button>
            )}
          </div>
          <RowError message={errors[`week.${dayIndex}.free.${p}`]} />
        </div>
      ))}
      <RowError message={errors[`week.${dayIndex}.free`]} />
      {!readOnly && day.free.length < maxFreePeriods && (
        <div>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`${name}: Freistunde hinzufügen`}
            onClick={() =>
              onChange((d) =>
                d.free.length >= maxFreePeriods
                  ? d
                  : { ...d, free: [...d.free, { key: rowKey(), start: "", end: "" }] }
              )}
          >
            + Freistunde hinzufügen
          </button>
        </div>
      )}
    </div>
  );
}
