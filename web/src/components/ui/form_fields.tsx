import { type ReactNode, useEffect, useId, useRef } from "react";
import { DateInput } from "./date_input.tsx";
import { TimeInput } from "./time_input.tsx";
import "./form_fields.css";
import { Icon } from "./icons.tsx";

interface FieldBase {
  label: string;
  id?: string;
  required?: boolean;
  hint?: string;
  /** a field error shown under the input and linked to it */
  error?: string;
  className?: string;
  disabled?: boolean;
}

function FieldShell(
  props: FieldBase & { id: string; children: ReactNode; labelFor?: boolean },
) {
  return (
    <div className={`form-field ${props.className ?? ""}`}>
      <label htmlFor={props.id} className={props.required ? "required" : undefined}>
        {props.label}
      </label>
      {props.children}
      {props.hint && <span id={`${props.id}-hint`} className="field-hint">{props.hint}</span>}
      {props.error && (
        <span id={`${props.id}-error`} className="field-error" role="alert">{props.error}</span>
      )}
    </div>
  );
}

function describedBy(id: string, props: FieldBase): string | undefined {
  const ids = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
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
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell {...props} id={id}>
      <input
        id={id}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
        disabled={props.disabled}
        required={props.required}
        autoComplete={props.autoComplete}
        min={props.min}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props)}
      />
    </FieldShell>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField(props: FieldBase & { value: string; onChange(v: string): void }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell {...props} id={id}>
      <textarea
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        aria-describedby={describedBy(id, props)}
        rows={3}
      />
    </FieldShell>
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
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell {...props} id={id}>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled || props.options.length === 0}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props)}
      >
        {props.options.length === 0
          ? <option value="">Keine Optionen verfügbar</option>
          : props.placeholder && <option value="">Bitte wählen...</option>}
        {props.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FieldShell>
  );
}

/** A labelled German date field (TT.MM.JJJJ with calendar), value ISO or ''. */
export function DateField(
  props: FieldBase & { value: string; onChange(v: string): void; min?: string; max?: string },
) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell {...props} id={id}>
      <DateInput
        id={id}
        value={props.value}
        onChange={props.onChange}
        min={props.min}
        max={props.max}
        disabled={props.disabled}
        required={props.required}
        aria-describedby={describedBy(id, props)}
      />
    </FieldShell>
  );
}

/** A labelled time field (HH:MM, 5-minute steps), value 'HH:MM' or ''. */
export function TimeField(props: FieldBase & { value: string; onChange(v: string): void }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell {...props} id={id}>
      <TimeInput
        id={id}
        value={props.value}
        onChange={props.onChange}
        disabled={props.disabled}
        required={props.required}
        aria-describedby={describedBy(id, props)}
      />
    </FieldShell>
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
}

/** A fieldset of radio buttons with a legend. */
export function RadioGroup(props: RadioGroupProps) {
  return (
    <fieldset className="radio-group">
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
    </fieldset>
  );
}

interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** e.g. an add button, shown under the section's rows */
  footer?: ReactNode;
}

/** A titled part of a long form (e.g. 'Pausen'); its title names the region for screen readers. */
export function FormSection({ title, description, children, footer }: FormSectionProps) {
  const id = useId();
  return (
    <section className="form-section" aria-labelledby={id}>
      <h3 id={id} className="form-section-title">{title}</h3>
      {description && <p className="form-section-description">{description}</p>}
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
export function FormAlert({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [message]);
  if (!message) return null;
  return <div ref={ref} className="alert alert-error" role="alert">{message}</div>;
}
