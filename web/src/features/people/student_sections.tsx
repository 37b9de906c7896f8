import { useId } from "react";
import {
  FormSection,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { germanWeekdayNames } from "../../lib/german_dates.ts";
import { type RangeRow, rangeRow } from "./people_types.ts";
import { EditableRows, rangeFields, RowsSection, textBinder } from "./person_form.tsx";
import type { FormPartProps } from "./person_role.ts";
import { TrainingSection } from "./training_section.tsx";
import { usePlannedWeekdays } from "../../lib/use_planned_weekdays.ts";
import { usePickupPointOptions } from "./use_pickup_point_options.ts";
import {
  type DayKey,
  dayKeys,
  type DayPlan,
  licenseClassOptions,
  maxFreePeriods,
  type StudentForm,
} from "./student_types.ts";

/** The student's sections after the personal data: school, weekly plan, vacations. */
export function StudentSections(
  { form, setForm, readOnly, username, errors = {} }: FormPartProps<StudentForm>,
) {
  const bind = textBinder(form, setForm);
  const planned = usePlannedWeekdays();
  const pickupPoints = usePickupPointOptions(form.start_location);
  // The school's planned weekdays, and any other day that has times (shown, not hidden and lost).
  const shown = dayKeys.filter((day, i) => {
    const plan = form.week[day];
    return planned.includes(i + 1) || plan.school_start || plan.arrival || plan.free.length > 0;
  });
  const setDay = (day: DayKey, change: (plan: DayPlan) => DayPlan) =>
    setForm((f) => ({ ...f, week: { ...f.week, [day]: change(f.week[day]) } }));

  return (
    <>
      <FormSection title="Schule und Organisation">
        <div className="form-grid">
          <TextField label="Schulname" {...bind("school_name")} />
          <SelectField
            label="Gewünschter Startort"
            error={errors.start_location}
            {...bind("start_location")}
            options={pickupPoints}
            placeholder
          />
          <SelectField
            label="Führerscheinklasse"
            required
            error={errors.license_class}
            {...bind("license_class")}
            options={licenseClassOptions}
            placeholder
          />
          <RadioGroup
            legend="Verfügbar in den Ferien"
            name={`holidays-${username ?? "new"}`}
            {...bind("available_in_holidays")}
            options={[{ value: "ja", label: "Ja" }, { value: "nein", label: "Nein" }]}
          />
          <TextAreaField label="Notizen" {...bind("notes")} className="form-field-wide" />
        </div>
      </FormSection>

      <TrainingSection form={form} setForm={setForm} readOnly={readOnly} username={username} />

      <FormSection
        title="Wochenplan"
        error={errors.school_schedule ?? errors.arrival_times ?? errors.free_periods}
        description="An den Planungstagen der Fahrschule: Unterrichtszeiten, Ankunft in der Fahrschule und bis zu 3 Freistunden pro Tag."
      >
        <div className="week-plan">
          {shown.map((day) => (
            <DayPlanFields
              key={day}
              label={germanWeekdayNames[dayKeys.indexOf(day)]}
              plan={form.week[day]}
              readOnly={readOnly}
              onChange={(change) => setDay(day, change)}
            />
          ))}
        </div>
      </FormSection>

      <RowsSection
        rows={form.vacations}
        setRows={(change) => setForm((f) => ({ ...f, vacations: change(f.vacations) }))}
        readOnly={readOnly}
        title="Urlaubszeiten"
        error={errors.vacation_periods}
        empty="Keine Urlaubszeiten eingetragen."
        rowLabel="Urlaub"
        newRow={rangeRow}
        fields={rangeFields("date")}
      />
    </>
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
  const setFree = (change: (free: RangeRow[]) => RangeRow[]) =>
    onChange((p) => ({ ...p, free: change(p.free) }));
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
      <EditableRows
        rows={plan.free}
        setRows={setFree}
        rowLabel="Freistunde"
        className="free-period"
        readOnly={readOnly}
        fields={rangeFields("time")}
      />
      {!readOnly && plan.free.length < maxFreePeriods && (
        <button
          type="button"
          className="button button-ghost button-small day-plan-add"
          onClick={() => setFree((free) => [...free, rangeRow()])}
        >
          + Freistunde hinzufügen
        </button>
      )}
    </div>
  );
}
