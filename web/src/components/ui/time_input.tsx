import { useEffect, useState } from "react";
import { parseTime } from "../../lib/german_dates.ts";
import {
  TypedFieldError,
  TypedFieldLabel,
  type TypedFieldProps,
  useTypedField,
} from "./typed_field.tsx";
import "./date_input.css";

/** Minutes between two offered times (spec 02 §9: time picker interval 5 minutes). */
export const timeStepMinutes = 5;

const formatMessage = "Bitte eine gültige Uhrzeit im Format HH:MM eingeben.";
const stepMessage = "Bitte eine Uhrzeit in 5-Minuten-Schritten eingeben (z. B. 14:05).";

interface TimeInputProps extends TypedFieldProps {
  /** 'HH:MM' or '' ('HH:MM:SS' is accepted and shown as 'HH:MM') */
  value: string;
  /** Called with 'HH:MM' on the 5-minute grid, or '' when emptied; never with an invalid time. */
  onChange(value: string): void;
}

function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function fromMinutes(total: number): string {
  const wrapped = ((total % 1440) + 1440) % 1440;
  const hours = Math.floor(wrapped / 60);
  return `${String(hours).padStart(2, "0")}:${String(wrapped % 60).padStart(2, "0")}`;
}

function problemOf(text: string): string {
  const time = parseTime(text);
  if (!time) return formatMessage;
  return toMinutes(time) % timeStepMinutes === 0 ? "" : stepMessage;
}

/**
 * A time field 'HH:MM' in 5-minute steps: type '14:30' (or '1430', '9'), or step with the arrow
 * keys (up/down = 5 minutes, with Shift = 1 hour). Invalid input shows a German hint and is not
 * emitted.
 */
export function TimeInput(props: TimeInputProps) {
  const { value, onChange } = props;
  const [text, setText] = useState(() => value.slice(0, 5));
  const [problem, setProblem] = useState("");
  const { id, errorId, inputProps } = useTypedField(props, problem !== "");

  // Follow a value set from outside unless the text already says the same time.
  useEffect(() => {
    setText((current) =>
      (parseTime(current) ?? "") === value.slice(0, 5) ? current : value.slice(0, 5)
    );
    if (value) setProblem("");
  }, [value]);

  function emit(time: string) {
    if (time !== value.slice(0, 5)) onChange(time);
  }

  function handleText(next: string) {
    setText(next);
    if (next.trim() === "") {
      setProblem("");
      emit("");
      return;
    }
    // While typing, only a complete 'HH:MM' counts; '9' or '143' are finished on blur.
    if (/^\d{2}:\d{2}$/.test(next.trim())) {
      const found = problemOf(next);
      setProblem(found);
      if (!found) emit(parseTime(next)!);
    } else {
      setProblem("");
    }
  }

  function handleBlur() {
    if (text.trim() === "") return;
    const found = problemOf(text);
    setProblem(found);
    if (found) return;
    const time = parseTime(text)!;
    setText(time);
    emit(time);
  }

  function step(direction: 1 | -1, minutes: number) {
    const current = parseTime(text);
    // An empty field starts at 08:00, a common first lesson.
    let next = 8 * 60;
    if (current) {
      const base = toMinutes(current);
      // Snap to the grid first, so 14:07 + 5 gives 14:10, not 14:12.
      next = direction > 0
        ? Math.floor(base / timeStepMinutes) * timeStepMinutes + minutes
        : Math.ceil(base / timeStepMinutes) * timeStepMinutes - minutes;
    }
    const time = fromMinutes(next);
    setText(time);
    setProblem("");
    emit(time);
  }

  return (
    <div className={`time-input ${props.className ?? ""}`}>
      <TypedFieldLabel kind="time-input" htmlFor={id} props={props} />
      <input
        {...inputProps}
        placeholder="HH:MM"
        maxLength={5}
        value={text}
        onChange={(e) => handleText(e.target.value)}
        onBlur={handleBlur}
        onKeyDown={(e) => {
          if (e.key === "ArrowUp" || e.key === "ArrowDown") {
            e.preventDefault();
            step(e.key === "ArrowUp" ? 1 : -1, e.shiftKey ? 60 : timeStepMinutes);
          }
        }}
      />
      <TypedFieldError kind="time-input" id={errorId}>{problem}</TypedFieldError>
    </div>
  );
}
