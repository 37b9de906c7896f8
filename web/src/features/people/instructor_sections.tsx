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

type Props = FormPartProps<InstructorForm>;

const weekdayOptions = germanWeekdayNames.slice(0, 5).map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

type ListKey = "breaks" | "vacations" | "theory" | "blocks";

/** The hours target and the qualification, in the instructor's 'Persönliche Daten'. */
export function InstructorPersonalFields({ form, setForm }: Props) {
  const bind = textBinder(form, setForm);
  const setChecked = (key: "automatic" | "manual") => (checked: boolean) =>
    setForm((f) => ({ ...f, [key]: checked }));
  return (
    <>
      <TextField
        label="Stundenziel pro Monat"
        type="number"
        min={0}
        placeholder="40"
        {...bind("monthly_hours_target")}
      />
      <fieldset className="qualification">
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
      </fieldset>
    </>
  );
}

/** The instructor's sections after the personal data (spec 02 §2). */
export function InstructorSections({ form, setForm, readOnly }: Props) {
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
      />

      <RowsSection
        {...rowsOf("breaks")}
        title="Pausen"
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
        empty="Kein Urlaub eingetragen."
        rowLabel="Urlaub"
        newRow={rangeRow}
        fields={rangeFields("date")}
      />

      <RowsSection
        {...rowsOf("theory")}
        title="Theoriestunden"
        description="Theoriestunden blockieren die Zeit für Fahrstunden."
        empty="Keine Theoriestunden eingetragen."
        rowLabel="Theoriestunde"
        newRow={emptyTheory}
        fields={theoryFields}
      />

      <RowsSection
        {...rowsOf("blocks")}
        title="Wiederkehrende Sperrzeiten"
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
