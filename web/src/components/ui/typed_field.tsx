import { type ReactNode, useId } from "react";

/** What the typed text fields (date, time) share: an ISO-ish value, a label, and aria wiring. */
export interface TypedFieldProps {
  value: string;
  onChange(value: string): void;
  id?: string;
  /** Renders a visible label; without it, label the field from outside (htmlFor=id or aria-*). */
  label?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  /** marked from outside: the form found the value wrong (e.g. a required date left empty) */
  "aria-invalid"?: boolean;
}

/**
 * The ids and the <input> attributes of a typed field; `error` (text it cannot read) links the
 * field to its message (`${id}-error`) while one shows and marks it `data-unreadable`, apart from
 * a mark the form sets (`aria-invalid`), so a save can tell the two.
 */
export function useTypedField(props: TypedFieldProps, error: boolean) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const errorId = `${id}-error`;
  const describedBy = [props["aria-describedby"], error ? errorId : ""].filter(Boolean).join(" ");
  const inputProps = {
    id,
    name: props.name,
    type: "text",
    inputMode: "numeric" as const,
    autoComplete: "off",
    disabled: props.disabled,
    required: props.required,
    "aria-label": props["aria-label"],
    "aria-labelledby": props["aria-labelledby"],
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error || props["aria-invalid"] || undefined,
    "data-unreadable": error || undefined,
  };
  return { id, errorId, inputProps };
}

/** The visible label with its required star; `kind` names the CSS block ('date-input'). */
export function TypedFieldLabel(
  { kind, htmlFor, props }: { kind: string; htmlFor: string; props: TypedFieldProps },
) {
  if (!props.label) return null;
  return (
    <label htmlFor={htmlFor} className={`${kind}-label`}>
      {props.label}
      {props.required && <span aria-hidden="true">*</span>}
    </label>
  );
}

/** The field's message, announced when it appears. */
export function TypedFieldError(
  { kind, id, children }: { kind: string; id: string; children: ReactNode },
) {
  if (!children) return null;
  return <span id={id} className={`${kind}-error`} role="alert">{children}</span>;
}

/** Said when a date or time field shows text it cannot read (it keeps its last valid value). */
export const unreadableFieldMessage = "Bitte prüfen Sie die rot markierten Angaben.";

/**
 * Whether a typed field of `form` shows text it cannot read ('31.02.2026', '25:00'). Such a field
 * keeps its last valid value, so sending the form now would save something other than the screen
 * shows: check this before sending.
 */
export function hasUnreadableField(form: HTMLFormElement): boolean {
  return form.querySelector("[data-unreadable]") !== null;
}
