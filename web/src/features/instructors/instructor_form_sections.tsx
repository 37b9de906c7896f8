import type { Dispatch, SetStateAction } from "react";
import {
  Checkbox,
  DateField,
  FieldRow,
  FormAlert,
  FormSection,
  SelectField,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { germanWeekdayNames, type WorkdayKey, workdayKeys } from "../../lib/german_dates.ts";
import {
  type BlockRow,
  emptyBlock,
  type InstructorForm,
  maxBreaks,
  type RangeRow,
  rowKey,
  type TheoryRow,
} from "./instructor_types.ts";

interface Props {
  form: InstructorForm;
  setForm: Dispatch<SetStateAction<InstructorForm>>;
  readOnly: boolean;
  /** shown read-only in the detail view; absent on create (the server generates it) */
  username?: string;
  /** an error from the last save attempt, shown above the sections */
  problem?: string;
}

const weekdayOptions = germanWeekdayNames.slice(0, 5).map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

type ListKey = "breaks" | "vacations" | "theory" | "blocks";
type RowOf<K extends ListKey> = InstructorForm[K][number];

/** The sections of the instructor form (spec 02 §2), for the detail overlay and the create form. */
export function InstructorFormSections({ form, setForm, readOnly, username, problem }: Props) {
  const set = <K extends keyof InstructorForm>(key: K, value: InstructorForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  function setWork(day: WorkdayKey, patch: { start?: string; end?: string }) {
    setForm((f) => ({ ...f, work: { ...f.work, [day]: { ...f.work[day], ...patch } } }));
  }
  function patchRow<K extends ListKey>(list: K, key: number, patch: Partial<RowOf<K>>) {
    setForm((f) => ({
      ...f,
      [list]: (f[list] as RowOf<K>[]).map((row) => row.key === key ? { ...row, ...patch } : row),
    }));
  }
  function removeRow(list: ListKey, key: number) {
    setForm((f) => ({ ...f, [list]: (f[list] as { key: number }[]).filter((r) => r.key !== key) }));
  }
  function addRow<K extends ListKey>(list: K, row: RowOf<K>) {
    setForm((f) => ({ ...f, [list]: [...f[list], row] }));
  }
  const remover = (list: ListKey, key: number) => readOnly ? undefined : () => removeRow(list, key);
  const addButton = (label: string, onClick: () => void) =>
    readOnly
      ? undefined
      : (
        <button type="button" className="button button-secondary button-small" onClick={onClick}>
          + {label}
        </button>
      );
  const empty = (text: string) => <p className="form-section-empty">{text}</p>;

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
          <TextField
            label="Stundenziel pro Monat"
            type="number"
            min={0}
            placeholder="40"
            value={form.monthly_hours_target}
            onChange={(v) => set("monthly_hours_target", v)}
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
                onChange={(v) => set("automatic", v)}
              />
              <Checkbox
                label="Schaltung"
                checked={form.manual}
                onChange={(v) => set("manual", v)}
              />
            </div>
          </fieldset>
        </div>
      </FormSection>

      <FormSection title="Wöchentliche Arbeitszeiten" description="Montag bis Freitag">
        {workdayKeys.map((day, i) => (
          <FieldRow key={day} label={germanWeekdayNames[i]}>
            <TimeField
              label="Beginn"
              value={form.work[day].start}
              onChange={(v) => setWork(day, { start: v })}
            />
            <TimeField
              label="Ende"
              value={form.work[day].end}
              onChange={(v) => setWork(day, { end: v })}
            />
          </FieldRow>
        ))}
      </FormSection>

      <FormSection
        title="Pausen"
        description="Höchstens 2 Pausen; sie gelten an allen Arbeitstagen."
        footer={form.breaks.length < maxBreaks
          ? addButton("Pause hinzufügen", () => addRow("breaks", rangeRow()))
          : undefined}
      >
        {form.breaks.length === 0 && empty("Keine Pausen eingetragen.")}
        {form.breaks.map((row, i) => (
          <RangeFields
            key={row.key}
            label={`Pause ${i + 1}`}
            row={row}
            kind="time"
            onPatch={(patch) => patchRow("breaks", row.key, patch)}
            onRemove={remover("breaks", row.key)}
          />
        ))}
      </FormSection>

      <FormSection
        title="Urlaub und Feiertage"
        footer={addButton("Urlaub hinzufügen", () => addRow("vacations", rangeRow()))}
      >
        {form.vacations.length === 0 && empty("Kein Urlaub eingetragen.")}
        {form.vacations.map((row, i) => (
          <RangeFields
            key={row.key}
            label={`Urlaub ${i + 1}`}
            row={row}
            kind="date"
            onPatch={(patch) => patchRow("vacations", row.key, patch)}
            onRemove={remover("vacations", row.key)}
          />
        ))}
      </FormSection>

      <FormSection
        title="Theoriestunden"
        description="Theoriestunden blockieren die Zeit für Fahrstunden."
        footer={addButton("Theoriestunde hinzufügen", () => addRow("theory", theoryRow()))}
      >
        {form.theory.length === 0 && empty("Keine Theoriestunden eingetragen.")}
        {form.theory.map((row, i) => (
          <FieldRow
            key={row.key}
            label={`Theoriestunde ${i + 1}`}
            onRemove={remover("theory", row.key)}
          >
            <DateField
              label="Datum"
              value={row.date}
              onChange={(v) => patchRow("theory", row.key, { date: v })}
            />
            <TimeField
              label="Von"
              value={row.start_time}
              onChange={(v) => patchRow("theory", row.key, { start_time: v })}
            />
            <TimeField
              label="Bis"
              value={row.end_time}
              onChange={(v) => patchRow("theory", row.key, { end_time: v })}
            />
          </FieldRow>
        ))}
      </FormSection>

      <FormSection
        title="Wiederkehrende Sperrzeiten"
        description="Zeiten, in denen der Fahrlehrer jede Woche nicht verfügbar ist."
        footer={addButton("Sperrzeit hinzufügen", () => addRow("blocks", emptyBlock()))}
      >
        {form.blocks.length === 0 && empty("Keine Sperrzeiten eingetragen.")}
        {form.blocks.map((row, i) => (
          <BlockFields
            key={row.key}
            label={`Sperrzeit ${i + 1}`}
            row={row}
            onPatch={(patch) => patchRow("blocks", row.key, patch)}
            onRemove={remover("blocks", row.key)}
          />
        ))}
      </FormSection>
    </fieldset>
  );
}

function rangeRow(): RangeRow {
  return { key: rowKey(), start: "", end: "" };
}

function theoryRow(): TheoryRow {
  return { key: rowKey(), date: "", start_time: "", end_time: "" };
}

interface RangeFieldsProps {
  label: string;
  row: RangeRow;
  kind: "time" | "date";
  onPatch(patch: Partial<RangeRow>): void;
  onRemove?(): void;
}

function RangeFields({ label, row, kind, onPatch, onRemove }: RangeFieldsProps) {
  const Field = kind === "time" ? TimeField : DateField;
  return (
    <FieldRow label={label} onRemove={onRemove}>
      <Field label="Von" value={row.start} onChange={(v) => onPatch({ start: v })} />
      <Field label="Bis" value={row.end} onChange={(v) => onPatch({ end: v })} />
    </FieldRow>
  );
}

interface BlockFieldsProps {
  label: string;
  row: BlockRow;
  onPatch(patch: Partial<BlockRow>): void;
  onRemove?(): void;
}

function BlockFields({ label, row, onPatch, onRemove }: BlockFieldsProps) {
  return (
    <FieldRow label={label} onRemove={onRemove}>
      <SelectField
        label="Wochentag"
        value={row.day_of_week}
        options={weekdayOptions}
        onChange={(v) => onPatch({ day_of_week: v })}
      />
      <TimeField label="Von" value={row.start_time} onChange={(v) => onPatch({ start_time: v })} />
      <TimeField label="Bis" value={row.end_time} onChange={(v) => onPatch({ end_time: v })} />
      <TextField
        label="Beschreibung"
        value={row.description}
        onChange={(v) => onPatch({ description: v })}
        className="field-row-wide"
      />
      <DateField
        label="Gültig ab"
        value={row.valid_from}
        onChange={(v) => onPatch({ valid_from: v })}
      />
      <DateField
        label="Gültig bis"
        value={row.valid_until}
        onChange={(v) => onPatch({ valid_until: v })}
      />
    </FieldRow>
  );
}
