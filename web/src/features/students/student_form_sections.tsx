import { type Dispatch, type SetStateAction, useId } from "react";
import {
  DateField,
  FieldRow,
  FormAlert,
  FormSection,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { germanWeekdayNames, type WorkdayKey, workdayKeys } from "../../lib/german_dates.ts";
import {
  type DayPlan,
  licenseClassOptions,
  maxFreePeriods,
  rowKey,
  startLocationOptions,
  type StudentForm,
} from "./student_types.ts";

interface Props {
  form: StudentForm;
  setForm: Dispatch<SetStateAction<StudentForm>>;
  readOnly: boolean;
  /** shown read-only in the detail overlay */
  username?: string;
  /** a validation or save error, shown above the sections */
  problem?: string;
}

/** The sections of the student forms: personal, school and organisation, weekly plan, vacations. */
export function StudentFormSections({ form, setForm, readOnly, username, problem }: Props) {
  const set = <K extends keyof StudentForm>(key: K, value: StudentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setDay = (day: WorkdayKey, change: (plan: DayPlan) => DayPlan) =>
    setForm((f) => ({ ...f, week: { ...f.week, [day]: change(f.week[day]) } }));
  const setVacation = (key: number, patch: { start?: string; end?: string }) =>
    setForm((f) => ({
      ...f,
      vacations: f.vacations.map((v) => v.key === key ? { ...v, ...patch } : v),
    }));

  return (
    <fieldset className="view-fieldset" disabled={readOnly}>
      <FormAlert message={problem ?? ""} />
      <FormSection title="Persönliche Daten">
        <div className="form-grid">
          {username !== undefined && (
            <TextField label="Benutzername" value={username} onChange={() => {}} readOnly />
          )}
          <TextField
            label="Vorname"
            required
            value={form.first_name}
            onChange={(v) => set("first_name", v)}
            autoComplete="off"
          />
          <TextField
            label="Nachname"
            required
            value={form.last_name}
            onChange={(v) => set("last_name", v)}
            autoComplete="off"
          />
          <TextField
            label="E-Mail"
            type="email"
            value={form.email}
            onChange={(v) => set("email", v)}
            autoComplete="off"
          />
          <TextField
            label="Telefon"
            type="tel"
            value={form.phone}
            onChange={(v) => set("phone", v)}
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection title="Schule und Organisation">
        <div className="form-grid">
          <TextField
            label="Schulname"
            value={form.school_name}
            onChange={(v) => set("school_name", v)}
          />
          <SelectField
            label="Gewünschter Startort"
            value={form.start_location}
            options={startLocationOptions}
            placeholder
            onChange={(v) => set("start_location", v)}
          />
          <SelectField
            label="Führerscheinklasse"
            required
            value={form.license_class}
            options={licenseClassOptions}
            placeholder
            onChange={(v) => set("license_class", v)}
          />
          <RadioGroup
            legend="Verfügbar in den Ferien"
            name={`holidays-${username ?? "new"}`}
            value={form.available_in_holidays}
            options={[{ value: "ja", label: "Ja" }, { value: "nein", label: "Nein" }]}
            onChange={(v) => set("available_in_holidays", v as "ja" | "nein")}
          />
          <TextAreaField
            label="Notizen"
            value={form.notes}
            onChange={(v) => set("notes", v)}
            className="form-field-wide"
          />
        </div>
      </FormSection>

      <FormSection
        title="Wochenplan"
        description="Montag bis Freitag: Unterrichtszeiten, Ankunft in der Fahrschule und bis zu 3 Freistunden pro Tag."
      >
        <div className="week-plan">
          {workdayKeys.map((day, i) => (
            <DayPlanFields
              key={day}
              label={germanWeekdayNames[i]}
              plan={form.week[day]}
              readOnly={readOnly}
              onChange={(change) => setDay(day, change)}
            />
          ))}
        </div>
      </FormSection>

      <FormSection
        title="Urlaubszeiten"
        footer={readOnly ? undefined : (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() =>
              set("vacations", [...form.vacations, { key: rowKey(), start: "", end: "" }])}
          >
            + Urlaub hinzufügen
          </button>
        )}
      >
        {form.vacations.length === 0 && (
          <p className="form-section-empty">Keine Urlaubszeiten eingetragen.</p>
        )}
        {form.vacations.map((row, i) => (
          <FieldRow
            key={row.key}
            label={`Urlaub ${i + 1}`}
            onRemove={readOnly
              ? undefined
              : () => set("vacations", form.vacations.filter((v) => v.key !== row.key))}
          >
            <DateField
              label="Von"
              value={row.start}
              onChange={(v) => setVacation(row.key, { start: v })}
            />
            <DateField
              label="Bis"
              value={row.end}
              onChange={(v) => setVacation(row.key, { end: v })}
            />
          </FieldRow>
        ))}
      </FormSection>
    </fieldset>
  );
}

interface DayPlanProps {
  label: string;
  plan: DayPlan;
  readOnly: boolean;
  onChange(change: (plan: DayPlan) => DayPlan): void;
}

function DayPlanFields({ label, plan, readOnly, onChange }: DayPlanProps) {
  const headingId = useId();
  const setFree = (key: number, patch: { start?: string; end?: string }) =>
    onChange((p) => ({ ...p, free: p.free.map((f) => f.key === key ? { ...f, ...patch } : f) }));
  return (
    <div role="group" aria-labelledby={headingId} className="day-plan">
      <h4 id={headingId} className="day-plan-title">{label}</h4>
      <div className="day-plan-times">
        <TimeField
          label="Schulbeginn"
          value={plan.school_start}
          onChange={(v) => onChange((p) => ({ ...p, school_start: v }))}
        />
        <TimeField
          label="Schulende"
          value={plan.school_end}
          onChange={(v) => onChange((p) => ({ ...p, school_end: v }))}
        />
        <TimeField
          label="Ankunft in der Fahrschule"
          value={plan.arrival}
          onChange={(v) => onChange((p) => ({ ...p, arrival: v }))}
        />
      </div>
      {plan.free.map((period, i) => (
        <FieldRow
          key={period.key}
          label={`Freistunde ${i + 1}`}
          className="free-period"
          onRemove={readOnly
            ? undefined
            : () => onChange((p) => ({ ...p, free: p.free.filter((f) => f.key !== period.key) }))}
        >
          <TimeField
            label="Von"
            value={period.start}
            onChange={(v) => setFree(period.key, { start: v })}
          />
          <TimeField
            label="Bis"
            value={period.end}
            onChange={(v) => setFree(period.key, { end: v })}
          />
        </FieldRow>
      ))}
      {!readOnly && plan.free.length < maxFreePeriods && (
        <button
          type="button"
          className="button button-ghost button-small day-plan-add"
          onClick={() =>
            onChange((p) => ({ ...p, free: [...p.free, { key: rowKey(), start: "", end: "" }] }))}
        >
          + Freistunde hinzufügen
        </button>
      )}
    </div>
  );
}
