import { type ReactNode, useEffect, useId, useRef } from "react";
import { DateInput } from "./date_input.tsx";
import { TimeInput } from "./time_input.tsx";
import "./form_fields.css";
import { Icon } from "./icons.tsx";

interface FieldBase {
  label: string;
  id?: string;
  /** the control's name, e.g. the payload field it edits */
  name?: string;
  required?: boolean;
  hint?: string;
  /** a field error shown under the input and linked to it */
  error?: string;
  className?: string;
  disabled?: boolean;
}

/** What the control inside a labelled field carries: its id, states and the hint/error link. */
interface Control {
  id: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

/** The label, the control `children` renders, and the hint and error under it. */
function Field(props: FieldBase & { children(control: Control): ReactNode }) {
  const generated = useId();
  const id = props.id ?? generated;
  // Not `${id}-error`: a date or time field keeps that id for its own message.
  const errorId = `${id}-field-error`;
  const ids = [props.hint ? `${id}-hint` : "", props.error ? errorId : ""].filter(Boolean);
  const control = {
    id,
    name: props.name,
    disabled: props.disabled,
    required: props.required,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
    "aria-invalid": props.error ? true : undefined,
  };
  return (
    <div className={`form-field ${props.className ?? ""}`}>
      <label htmlFor={id} className={props.required ? "required" : undefined}>
        {props.label}
      </label>
      {props.children(control)}
      {props.hint && <span id={`${id}-hint`} className="field-hint">{props.hint}</span>}
      {props.error && <span id={errorId} className="field-error" role="alert">{props.error}</span>}
    </div>
  );
}

interface TextFieldProps extends FieldBase {
  value: string;
  onChange(value: string): void;
  type?: "text" | "email" | "tel" | "number";
  placeholder?: string;
  readOnly?: boolean;
  autoComplete?: string;
  min?: number;
  maxLength?: number;
}

/** A labelled text, e-mail, phone or number input. */
export function TextField(props: TextFieldProps) {
  return (
    <Field {...props}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? "text"}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder={props.placeholder}
          readOnly={props.readOnly}
          autoComplete={props.autoComplete}
          min={props.min}
          maxLength={props.maxLength}
          aria-invalid={props.error ? true : undefined}
        />
      )}
    </Field>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField(props: FieldBase & { value: string; onChange(v: string): void }) {
  return (
    <Field {...props}>
      {(control) => (
        <textarea
          {...control}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          rows={3}
        />
      )}
    </Field>
  );
}

/** One choice of a select or radio group. */
export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps extends FieldBase {
  value: string;
  onChange(value: string): void;
  options: Option[];
  /** adds an empty first choice 'Bitte wählen...' */
  placeholder?: boolean;
}

/** A labelled select; without options it says 'Keine Optionen verfügbar' (spec 02 §8). */
export function SelectField(props: SelectFieldProps) {
  return (
    <Field {...props} disabled={props.disabled || props.options.length === 0}>
      {(control) => (
        <select
          {...control}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.error ? true : undefined}
        >
          {props.options.length === 0
            ? <option value="">Keine Optionen verfügbar</option>
            : props.placeholder && <option value="">Bitte wählen...</option>}
          {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      )}
    </Field>
  );
}

/** A labelled German date field (TT.MM.JJJJ with calendar), value ISO or ''. */
export function DateField(
  props: FieldBase & {
    value: string;
    onChange(v: string): void;
    min?: string;
    max?: string;
    /** what a real day outside min..max is told (DateInput's default names the bound) */
    outOfRangeMessage?: string;
  },
) {
  return (
    <Field {...props}>
      {(control) => (
        <DateInput
          {...control}
          value={props.value}
          onChange={props.onChange}
          min={props.min}
          max={props.max}
          outOfRangeMessage={props.outOfRangeMessage}
        />
      )}
    </Field>
  );
}

/** A labelled time field (HH:MM, 5-minute steps), value 'HH:MM' or ''. */
export function TimeField(props: FieldBase & { value: string; onChange(v: string): void }) {
  return (
    <Field {...props}>
      {(control) => <TimeInput {...control} value={props.value} onChange={props.onChange} />}
    </Field>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** A checkbox with its label as the click target. */
export function Checkbox({ label, checked, onChange, disabled }: CheckboxProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
      />
      {label}
    </label>
  );
}

interface RadioGroupProps {
  legend: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: Option[];
  disabled?: boolean;
  /** an error about the choice, shown in the group and linked to it */
  error?: string;
}

/** A fieldset of radio buttons with a legend. */
export function RadioGroup(props: RadioGroupProps) {
  const errorId = useId();
  return (
    <fieldset
      className="radio-group"
      aria-describedby={props.error ? errorId : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend>{props.legend}</legend>
      <div className="cluster">
        {props.options.map((o) => (
          <label key={o.value} className="radio">
            <input
              type="radio"
              name={props.name}
              value={o.value}
              checked={props.value === o.value}
              onChange={() => props.onChange(o.value)}
              disabled={props.disabled}
            />
            {o.label}
          </label>
        ))}
      </div>
      {props.error && <span id={errorId} className="field-error" role="alert">{props.error}</span>}
    </fieldset>
  );
}

interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** e.g. an add button, shown under the section's rows */
  footer?: ReactNode;
  /** an error about the section's rows (e.g. 'Urlaub 2: …'), shown under its title */
  error?: string;
}

/** A titled part of a long form (e.g. 'Pausen'); its title names the region for screen readers. */
export function FormSection({ title, description, children, footer, error }: FormSectionProps) {
  const id = useId();
  return (
    <section
      className={`form-section${error ? " form-section-invalid" : ""}`}
      aria-labelledby={id}
      aria-invalid={error ? true : undefined}
    >
      <h3 id={id} className="form-section-title">{title}</h3>
      {description && <p className="form-section-description">{description}</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
      {children}
      {footer && <div className="form-section-footer">{footer}</div>}
    </section>
  );
}

interface FieldRowProps {
  /** names the group, e.g. 'Pause 1' or 'Montag'; the fields inside keep short labels */
  label: string;
  children: ReactNode;
  /** shows a remove button labelled '{label} entfernen' */
  onRemove?(): void;
  className?: string;
}

/** One repeated row of fields (a break, a vacation, a weekday) as a labelled group. */
export function FieldRow({ label, children, onRemove, className = "" }: FieldRowProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={`field-row ${className}`}>
      <span id={id} className="field-row-label">{label}</span>
      <div className="field-row-fields">{children}</div>
      {onRemove && (
        <button
          type="button"
          className="icon-button icon-button-danger field-row-remove"
          aria-label={`${label} entfernen`}
          title={`${label} entfernen`}
          onClick={onRemove}
        >
          <Icon name="trash" />
        </button>
      )}
    </div>
  );
}

/**
 * A form-level error above long forms. It scrolls itself into view when its message changes, since
 * the submit button sits in a footer far below it.
 */
export function FormAlert(
  { message, scroll = true }: {
    message: string;
    /** false when the form goes to its first marked field instead (a long form, issue 25) */
    scroll?: boolean;
  },
) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && scroll) ref.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [message, scroll]);
  if (!message) return null;
  return <div ref={ref} className="alert alert-error" role="alert">{message}</div>;
}
