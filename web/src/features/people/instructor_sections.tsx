import { useId } from "react";
import {
  Checkbox,
  DateField,
  SelectField,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { germanWeekdayNames } from "../../lib/german_dates.ts";
import { rangeRow } from "./people_types.ts";
import { rangeFields, RowsSection, textBinder } from "./person_form.tsx";
import type { FormPartProps } from "./person_role.ts";
import {
  type BlockRow,
  emptyBlock,
  emptyTheory,
  type InstructorForm,
  maxBreaks,
  type TheoryRow,
} from "./instructor_types.ts";
import { WorkWindowsSection } from "./work_windows_section.tsx";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

type Props = FormPartProps<InstructorForm>;

const weekdayOptions = germanWeekdayNames.slice(0, 5).map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

type ListKey = "breaks" | "vacations" | "theory" | "blocks";

/** The hours target, the qualification and the default vehicle, in 'Persönliche Daten'. */
export function InstructorPersonalFields({ form, setForm, errors = {} }: Props) {
  const qualificationError = useId();
  const bind = textBinder(form, setForm);
  const { data: vehicles } = useQuery({
    queryKey: queryKeys.vehicles,
    queryFn: ({ signal }) => call("GET /admin/vehicles/", { signal }),
  });
  const vehicleOptions = [
    { value: "", label: "Kein Standardfahrzeug" },
    ...(vehicles?.results ?? []).map((v) => ({
      value: String(v.id),
      label: `${v.name} (${v.transmission === "automatic" ? "Automatik" : "Schaltung"})`,
    })),
  ];
  const setChecked = (key: "automatic" | "manual") => (checked: boolean) =>
    setForm((f) => ({ ...f, [key]: checked }));
  return (
    <>
      <TextField
        label="Stundenziel pro Monat"
        type="number"
        min={0}
        placeholder="40"
        error={errors.monthly_hours_target}
        {...bind("monthly_hours_target")}
      />
      <fieldset
        className="qualification"
        aria-invalid={errors.transmission_types ? true : undefined}
        aria-describedby={errors.transmission_types ? qualificationError : undefined}
      >
        <legend>
          Qualifikation <span className="required-mark" aria-hidden="true">*</span>
          <span className="sr-only">(Pflichtfeld)</span>
        </legend>
        <div className="cluster">
          <Checkbox
            label="Automatik"
            checked={form.automatic}
            onChange={setChecked("automatic")}
          />
          <Checkbox label="Schaltung" checked={form.manual} onChange={setChecked("manual")} />
        </div>
        {errors.transmission_types && (
          <span id={qualificationError} className="field-error" role="alert">
            {errors.transmission_types}
          </span>
        )}
      </fieldset>
      <SelectField
        label="Standardfahrzeug"
        value={form.default_vehicle}
        onChange={(value) => setForm((f) => ({ ...f, default_vehicle: value }))}
        options={vehicleOptions}
        hint="Die Planung gibt dem Fahrlehrer dieses Fahrzeug für den Tag, wo es frei ist."
      />
    </>
  );
}

/** The instructor's sections after the personal data (spec 02 §2). */
export function InstructorSections({ form, setForm, readOnly, errors = {} }: Props) {
  function rowsOf<K extends ListKey>(list: K) {
    type Row = InstructorForm[K][number];
    return {
      rows: form[list] as Row[],
      setRows: (change: (rows: Row[]) => Row[]) =>
        setForm((f) => ({ ...f, [list]: change(f[list] as Row[]) })),
      readOnly,
    };
  }

  return (
    <>
      <WorkWindowsSection
        week={form.work}
        setWeek={(change) => setForm((f) => ({ ...f, work: change(f.work) }))}
        readOnly={readOnly}
        error={errors.work_schedule}
      />

      <RowsSection
        {...rowsOf("breaks")}
        title="Pausen"
        error={errors.breaks}
        description="Höchstens 2 Pausen; sie gelten an allen Arbeitstagen."
        empty="Keine Pausen eingetragen."
        rowLabel="Pause"
        max={maxBreaks}
        newRow={rangeRow}
        fields={rangeFields("time")}
      />

      <RowsSection
        {...rowsOf("vacations")}
        title="Urlaub und Feiertage"
        error={errors.vacation_periods}
        empty="Kein Urlaub eingetragen."
        rowLabel="Urlaub"
        newRow={rangeRow}
        fields={rangeFields("date")}
      />

      <RowsSection
        {...rowsOf("theory")}
        title="Theoriestunden"
        error={errors.theory_sessions}
        description="Theoriestunden blockieren die Zeit für Fahrstunden."
        empty="Keine Theoriestunden eingetragen."
        rowLabel="Theoriestunde"
        newRow={emptyTheory}
        fields={theoryFields}
      />

      <RowsSection
        {...rowsOf("blocks")}
        title="Wiederkehrende Sperrzeiten"
        error={errors.unavailable_blocks}
        description="Zeiten, in denen der Fahrlehrer jede Woche nicht verfügbar ist."
        empty="Keine Sperrzeiten eingetragen."
        rowLabel="Sperrzeit"
        newRow={emptyBlock}
        fields={blockFields}
      />
    </>
  );
}

function theoryFields(row: TheoryRow, patch: (patch: Partial<TheoryRow>) => void) {
  return (
    <>
      <DateField label="Datum" value={row.date} onChange={(v) => patch({ date: v })} />
      <TimeField label="Von" value={row.start_time} onChange={(v) => patch({ start_time: v })} />
      <TimeField label="Bis" value={row.end_time} onChange={(v) => patch({ end_time: v })} />
    </>
  );
}

function blockFields(row: BlockRow, patch: (patch: Partial<BlockRow>) => void) {
  return (
    <>
      <SelectField
        label="Wochentag"
        value={row.day_of_week}
        options={weekdayOptions}
        onChange={(v) => patch({ day_of_week: v })}
      />
      <TimeField label="Von" value={row.start_time} onChange={(v) => patch({ start_time: v })} />
      <TimeField label="Bis" value={row.end_time} onChange={(v) => patch({ end_time: v })} />
      <TextField
        label="Beschreibung"
        value={row.description}
        onChange={(v) => patch({ description: v })}
        className="field-row-wide"
      />
      <DateField
        label="Gültig ab"
        value={row.valid_from}
        onChange={(v) => patch({ valid_from: v })}
      />
      <DateField
        label="Gültig bis"
        value={row.valid_until}
        onChange={(v) => patch({ valid_until: v })}
      />
    </>
  );
}
