import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import {
  daysInMonth,
  formatGermanDate,
  germanMonthNames,
  germanWeekdayNames,
  germanWeekdayShort,
  mondayIndex,
  parseGermanDate,
  parseIsoDate,
  todayIso,
  toIsoDate,
} from "../../lib/german_dates.ts";
import "./date_input.css";

/** The popup's width (18.5rem in date_input.css) for deciding which way it opens. */
const popupWidthPx = 296;

/** The date picker's own message for a typed date that is no real day (spec 02 §8). */
export const invalidDateMessage = "Date input not valid.";

interface DateInputProps {
  /** ISO 'YYYY-MM-DD' or '' */
  value: string;
  /** Called with ISO 'YYYY-MM-DD', or '' when the field was emptied; never with an invalid date. */
  onChange(value: string): void;
  id?: string;
  /** Renders a visible label; without it, label the field from outside (htmlFor=id or aria-*). */
  label?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** earliest allowed day (ISO); earlier typed days count as invalid, earlier calendar days are off */
  min?: string;
  /** latest allowed day (ISO) */
  max?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
}

/**
 * A German date field: type 'TT.MM.JJJJ' or pick from a calendar (Monday first, month and year
 * dropdowns over 100 years). Emits ISO dates; a typed date that is no real day shows
 * 'Date input not valid.' and is not emitted.
 */
export function DateInput(props: DateInputProps) {
  const { value, onChange, label, disabled, required, min, max } = props;
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const errorId = `${id}-error`;
  const inRange = (iso: string) => (!min || iso >= min) && (!max || iso <= max);
  const readDate = (typed: string) => {
    const iso = parseGermanDate(typed);
    return iso && inRange(iso) ? iso : null;
  };
  const [text, setText] = useState(() => formatGermanDate(value));
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  // Near the right edge of a phone, the popup opens leftwards so it stays on screen.
  const [alignRight, setAlignRight] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Follow a value set from outside (load, reset) unless the text already says the same day.
  useEffect(() => {
    setText((current) => {
      const typed = parseGermanDate(current) ?? (current.trim() === "" ? "" : null);
      return typed === value ? current : formatGermanDate(value);
    });
    if (value) setInvalid(false);
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

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
    } else if (/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(next.trim())) {
      // Complete but impossible (31.02.2026): say so at once.
      setInvalid(true);
    }
  }

  function handleBlur() {
    const trimmed = text.trim();
    if (trimmed === "") return;
    const iso = readDate(trimmed);
    if (iso) setText(formatGermanDate(iso));
    else setInvalid(true);
  }

  function openPopup() {
    const box = wrapperRef.current?.getBoundingClientRect();
    setAlignRight(!!box && box.left + popupWidthPx > globalThis.innerWidth);
    setOpen(true);
  }

  function pick(iso: string) {
    setText(formatGermanDate(iso));
    setInvalid(false);
    setOpen(false);
    buttonRef.current?.focus();
    if (iso !== value) onChange(iso);
  }

  const describedBy = [props["aria-describedby"], invalid ? errorId : ""].filter(Boolean).join(
    " ",
  );
  return (
    <div className={`date-input ${props.className ?? ""}`} ref={wrapperRef}>
      {label && (
        <label htmlFor={id} className="date-input-label">
          {label}
          {required && <span aria-hidden="true">*</span>}
        </label>
      )}
      <div className="date-input-row">
        <input
          id={id}
          name={props.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="TT.MM.JJJJ"
          maxLength={10}
          // Inline, so the room for the calendar button survives any form styling around it.
          style={{ paddingRight: "2.75rem" }}
          value={text}
          disabled={disabled}
          required={required}
          aria-label={props["aria-label"]}
          aria-labelledby={props["aria-labelledby"]}
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid || undefined}
          onChange={(e) => handleText(e.target.value)}
          onBlur={handleBlur}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && e.altKey) {
              e.preventDefault();
              openPopup();
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
          onClick={() => (open ? setOpen(false) : openPopup())}
        >
          <CalendarIcon />
        </button>
      </div>
      {invalid && (
        <span id={errorId} className="date-input-error" role="alert">
          {invalidDateMessage}
        </span>
      )}
      {open && (
        <CalendarPopup
          alignRight={alignRight}
          selected={parseIsoDate(value) ? value : ""}
          isAllowed={inRange}
          onPick={pick}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" />
      <path d="M3 10h18M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeLinecap="round" />
    </svg>
  );
}

/** The 100 years the picker offers: 89 back (birth dates) to 10 ahead (plans), plus `year`. */
function offeredYears(year: number): number[] {
  const now = Number(todayIso().slice(0, 4));
  const years: number[] = [];
  for (let y = now - 89; y <= now + 10; y++) years.push(y);
  if (year < years[0]) years.unshift(year);
  if (year > years[years.length - 1]) years.push(year);
  return years;
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = parseIsoDate(iso)!;
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return toIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function addMonths(iso: string, months: number): string {
  const [y, m, d] = parseIsoDate(iso)!;
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month0 = first.getUTCMonth();
  return toIsoDate(year, month0 + 1, Math.min(d, daysInMonth(year, month0)));
}

function dayLabel(iso: string): string {
  const [y, m, d] = parseIsoDate(iso)!;
  return `${germanWeekdayNames[mondayIndex(iso)]}, ${d}. ${germanMonthNames[m - 1]} ${y}`;
}

interface CalendarPopupProps {
  alignRight: boolean;
  isAllowed(iso: string): boolean;
  selected: string;
  onPick(iso: string): void;
  onClose(): void;
}

/** The month grid: arrows move a day or week, PageUp/PageDown a month (with Shift a year). */
function CalendarPopup(
  { alignRight, isAllowed, selected, onPick, onClose }: CalendarPopupProps,
) {
  const today = todayIso();
  const [focused, setFocused] = useState(selected || today);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(true);
  const [year, month] = parseIsoDate(focused)!;

  useEffect(() => {
    if (!moveFocus.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  function go(next: string, focusGrid = true) {
    moveFocus.current = focusGrid;
    setFocused(next);
  }

  function onGridKey(event: KeyboardEvent) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -mondayIndex(focused)),
      End: () => addDays(focused, 6 - mondayIndex(focused)),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      go(move());
    }
  }

  // Six rows always, so the popup does not jump in height between months.
  const first = toIsoDate(year, month, 1);
  const start = addDays(first, -mondayIndex(first));
  const weeks: string[][] = [];
  for (let w = 0; w < 6; w++) {
    weeks.push(Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
  }
  const setMonthYear = (y: number, m: number) => {
    const day = Math.min(parseIsoDate(focused)![2], daysInMonth(y, m - 1));
    go(toIsoDate(y, m, day), false);
  };

  return (
    <div
      className={`date-popup ${alignRight ? "date-popup-right" : ""}`}
      role="dialog"
      aria-modal="false"
      aria-label="Datum auswählen"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="date-popup-header">
        <button
          type="button"
          className="date-popup-nav"
          aria-label="Vorheriger Monat"
          onClick={() => go(addMonths(focused, -1), false)}
        >
          ‹
        </button>
        <select
          aria-label="Monat"
          value={month}
          onChange={(e) => setMonthYear(year, Number(e.target.value))}
        >
          {germanMonthNames.map((name, i) => <option key={name} value={i + 1}>{name}</option>)}
        </select>
        <select
          aria-label="Jahr"
          value={year}
          onChange={(e) => setMonthYear(Number(e.target.value), month)}
        >
          {offeredYears(year).map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
        <button
          type="button"
          className="date-popup-nav"
          aria-label="Nächster Monat"
          onClick={() => go(addMonths(focused, 1), false)}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="date-popup-grid" role="grid" onKeyDown={onGridKey}>
        <thead>
          <tr>
            {germanWeekdayShort.map((short, i) => (
              <th key={short} scope="col" abbr={germanWeekdayNames[i]}>{short}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                const outside = Number(iso.slice(5, 7)) !== month;
                return (
                  <td key={iso} role="gridcell" aria-selected={iso === selected}>
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      className={[
                        "date-popup-day",
                        outside ? "is-outside" : "",
                        iso === selected ? "is-selected" : "",
                        iso === today ? "is-today" : "",
                      ].join(" ")}
                      aria-label={dayLabel(iso)}
                      aria-current={iso === today ? "date" : undefined}
                      // aria-disabled, not disabled: the arrow keys must still be able to land here.
                      aria-disabled={!isAllowed(iso) || undefined}
                      onClick={() => isAllowed(iso) && onPick(iso)}
                      onFocus={() => {
                        moveFocus.current = true;
                        if (iso !== focused) setFocused(iso);
                      }}
                    >
                      {Number(iso.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="date-popup-footer">
        <button
          type="button"
          className="date-popup-link"
          disabled={!isAllowed(today)}
          onClick={() => onPick(today)}
        >
          Heute
        </button>
        <button type="button" className="date-popup-link" onClick={onClose}>
          Schließen
        </button>
      </div>
    </div>
  );
}
