import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  formatGermanDate,
  isCompleteDateText,
  parseGermanDate,
  parseIsoDate,
} from "../../lib/german_dates.ts";
import { Icon } from "./icons.tsx";
import {
  TypedFieldError,
  TypedFieldLabel,
  type TypedFieldProps,
  useTypedField,
} from "./typed_field.tsx";
import "./date_input.css";

// The calendar (react-aria-components) loads when first opened, not with the screen.
const DateCalendar = lazy(() => import("./date_calendar.tsx"));

/** The message for a typed date that is no real day (issue 14: German, as every text). */
export const invalidDateMessage = "Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben.";

interface DateInputProps extends TypedFieldProps {
  /** ISO 'YYYY-MM-DD' or '' */
  value: string;
  /** Called with ISO 'YYYY-MM-DD', or '' when the field was emptied; never with an invalid date. */
  onChange(value: string): void;
  /** earliest allowed day (ISO); earlier typed days count as invalid, earlier calendar days are off */
  min?: string;
  /** latest allowed day (ISO) */
  max?: string;
  /** what a real day before `min` or after `max` is told (default: the allowed bound) */
  outOfRangeMessage?: string;
}

/**
 * A German date field: type 'TT.MM.JJJJ' or pick from a calendar (react-aria-components, Monday
 * first, month and year dropdowns over 100 years). Emits ISO dates; a typed date that is no real
 * day shows a German message, is not emitted, and blocks saving (unreadable_fields.ts). The field stays a plain text input, so
 * typing and pasting a whole date works as in any form.
 */
export function DateInput(props: DateInputProps) {
  const { value, onChange, disabled, min, max } = props;
  const inRange = (iso: string) => (!min || iso >= min) && (!max || iso <= max);
  const readDate = (typed: string) => {
    const iso = parseGermanDate(typed);
    return iso && inRange(iso) ? iso : null;
  };
  const [text, setText] = useState(() => formatGermanDate(value));
  // '' = readable; else the message: no real day, or a real day outside min..max.
  const [problem, setProblem] = useState("");
  const invalid = problem !== "";
  const setInvalid = (on: boolean, typed = "") => setProblem(on ? whyUnreadable(typed) : "");
  function whyUnreadable(typed: string): string {
    const iso = parseGermanDate(typed);
    if (!iso || inRange(iso)) return invalidDateMessage;
    if (props.outOfRangeMessage) return props.outOfRangeMessage;
    return min && iso < min
      ? `Das Datum darf nicht vor dem ${formatGermanDate(min)} liegen.`
      : `Das Datum darf nicht nach dem ${formatGermanDate(max)} liegen.`;
  }
  const { id, errorId, inputProps } = useTypedField(props, invalid);
  const [open, setOpen] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Follow a value set from outside (load, reset) unless the text already says the same day.
  useEffect(() => {
    setText((current) => {
      const typed = parseGermanDate(current) ?? (current.trim() === "" ? "" : null);
      return typed === value ? current : formatGermanDate(value);
    });
    if (value) setInvalid(false);
  }, [value]);

  function handleText(next: string) {
    setText(next);
    if (next.trim() === "") {
      setInvalid(false);
      if (value !== "") onChange("");
      return;
    }
    const iso = readDate(next);
    if (iso) {
      setInvalid(false);
      if (iso !== value) onChange(iso);
    } else if (isCompleteDateText(next)) {
      // Complete but impossible (31.02.2026) or out of range: say so at once.
      setInvalid(true, next);
    }
  }

  function handleBlur() {
    const trimmed = text.trim();
    if (trimmed === "") return;
    // A real day is written TT.MM.JJJJ even when it lies outside min..max: the message beside it
    // then names the day the user sees ('10012026' stayed digits in the vacation rows, issue 22).
    const day = parseGermanDate(trimmed);
    if (day) setText(formatGermanDate(day));
    if (!readDate(trimmed)) setInvalid(true, trimmed);
  }

  function pick(iso: string) {
    setText(formatGermanDate(iso));
    setInvalid(false);
    setOpen(false);
    buttonRef.current?.focus();
    if (iso !== value) onChange(iso);
  }

  return (
    <div className={`date-input ${props.className ?? ""}`}>
      <TypedFieldLabel kind="date-input" htmlFor={id} props={props} />
      <div className="date-input-row" ref={rowRef}>
        <input
          {...inputProps}
          // A keypad with a separator key (',' on a German iPhone, '.' elsewhere); digits alone
          // ('20012027', '200127') work too (issue 25, point 17).
          inputMode="decimal"
          placeholder="TT.MM.JJJJ"
          maxLength={10}
          // Inline, so the room for the calendar button survives any form styling around it.
          style={{ paddingRight: "2.75rem" }}
          value={text}
          onChange={(e) => handleText(e.target.value)}
          onBlur={handleBlur}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className="date-input-button"
          aria-label="Kalender öffnen"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen(!open)}
        >
          <Icon name="calendar" size={18} strokeWidth={1.5} />
        </button>
      </div>
      <TypedFieldError kind="date-input" id={errorId}>
        {problem}
      </TypedFieldError>
      {open && (
        <Suspense>
          <DateCalendar
            triggerRef={rowRef}
            selected={parseIsoDate(value) ? value : ""}
            min={min}
            max={max}
            onPick={pick}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
