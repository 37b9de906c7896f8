import type { Dispatch, ReactNode, SetStateAction } from "react";
import {
  DateField,
  FieldRow,
  FormAlert,
  FormSection,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import type { PersonFields, RangeRow } from "./people_types.ts";
import type { FormPartProps, PersonFormParts } from "./person_role.ts";
import { useCorrectedErrors } from "./corrected_errors.ts";

interface PersonFormProps<Form extends PersonFields> extends FormPartProps<Form> {
  role: PersonFormParts<Form>;
  /** the sentence above the sections after a refused save (all its errors are at their fields) */
  problem?: string;
}

type TextKey<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form];

/** Binds a text field of the form: `{...bind("notes")}` gives a field its value and onChange. */
export function textBinder<Form>(form: Form, setForm: Dispatch<SetStateAction<Form>>) {
  return <K extends TextKey<Form>>(key: K) => ({
    value: form[key] as string,
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value as Form[K] })),
  });
}

/** The personal data every person has, in the order the form shows it (spec 02 §2). */
const personalFields: {
  key: Exclude<keyof PersonFields, "version">;
  label: string;
  required?: boolean;
  type?: "email" | "tel";
}[] = [
  { key: "first_name", label: "Vorname", required: true },
  { key: "last_name", label: "Nachname", required: true },
  { key: "email", label: "E-Mail", type: "email" },
  { key: "phone", label: "Telefon", type: "tel" },
];

/** The form of the detail overlay and the create dialog: personal data, then the role's parts. */
export function PersonForm<Form extends PersonFields>(
  { role, ...props }: PersonFormProps<Form>,
) {
  // A field's message goes as soon as the user corrects that field, not at the next save.
  const { errors, problem } = useCorrectedErrors(
    props.errors ?? {},
    props.problem ?? "",
    props.form,
    role.errorFields,
  );
  const part = { ...props, errors };
  const { form, setForm, username } = part;
  // Only the personal keys are bound here, and they are text in every role's form.
  const bind = textBinder<PersonFields>(form, setForm as Dispatch<SetStateAction<PersonFields>>);
  const { PersonalFields, Sections } = role;
  return (
    <fieldset className="view-fieldset" disabled={part.readOnly}>
      <FormAlert message={problem} />
      <FormSection title="Persönliche Daten">
        <div className="form-grid">
          {username !== undefined && (
            <TextField label="Benutzername" value={username} onChange={() => {}} readOnly />
          )}
          {personalFields.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              required={field.required}
              type={field.type}
              error={errors[field.key]}
              {...bind(field.key)}
              autoComplete="off"
            />
          ))}
          {PersonalFields && <PersonalFields {...part} />}
        </div>
      </FormSection>
      <Sections {...part} />
    </fieldset>
  );
}

interface EditableRowsProps<R extends { key: number }> {
  rows: R[];
  /** changes the rows from their current state */
  setRows(change: (rows: R[]) => R[]): void;
  /** names each row with its number, e.g. 'Pause' → 'Pause 1' */
  rowLabel: string;
  readOnly: boolean;
  className?: string;
  /** the fields of one row */
  fields(row: R, patch: (patch: Partial<R>) => void): ReactNode;
}

/** Rows the user adds and removes (breaks, vacations, free periods), each a numbered group. */
export function EditableRows<R extends { key: number }>(props: EditableRowsProps<R>) {
  const { setRows } = props;
  return props.rows.map((row, i) => (
    <FieldRow
      key={row.key}
      label={`${props.rowLabel} ${i + 1}`}
      className={props.className}
      onRemove={props.readOnly
        ? undefined
        : () => setRows((rows) => rows.filter((r) => r.key !== row.key))}
    >
      {props.fields(
        row,
        (patch) => setRows((rows) => rows.map((r) => r.key === row.key ? { ...r, ...patch } : r)),
      )}
    </FieldRow>
  ));
}

interface RowsSectionProps<R extends { key: number }> extends EditableRowsProps<R> {
  title: string;
  description?: string;
  /** shown while there is no row */
  empty: string;
  newRow(): R;
  /** the most rows allowed: the add button disappears there (spec 02 §5) */
  max?: number;
  /** an error about the rows, shown under the title */
  error?: string;
}

/** A form section of editable rows with its add button. */
export function RowsSection<R extends { key: number }>(props: RowsSectionProps<R>) {
  const { rows, setRows, max } = props;
  const canAdd = !props.readOnly && (max === undefined || rows.length < max);
  return (
    <FormSection
      title={props.title}
      description={props.description}
      error={props.error}
      footer={canAdd
        ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setRows((current) => [...current, props.newRow()])}
          >
            + {props.rowLabel} hinzufügen
          </button>
        )
        : undefined}
    >
      {rows.length === 0 && <p className="form-section-empty">{props.empty}</p>}
      <EditableRows {...props} />
    </FormSection>
  );
}

/** The 'Von' and 'Bis' fields of a from/to row, as times or as dates. */
export function rangeFields(kind: "time" | "date") {
  const Field = kind === "time" ? TimeField : DateField;
  return (row: RangeRow, patch: (patch: Partial<RangeRow>) => void) => (
    <>
      <Field label="Von" value={row.start} onChange={(v) => patch({ start: v })} />
      <Field label="Bis" value={row.end} onChange={(v) => patch({ end: v })} />
    </>
  );
}
