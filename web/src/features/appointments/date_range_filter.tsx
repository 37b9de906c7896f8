import { schoolDay } from "../../../../common/time.ts";
import { DateInput } from "../../components/ui/date_input.tsx";

/** The list's date range: ISO days, '' for an open end (both '' = all appointments). */
export interface DateRange {
  from: string;
  to: string;
}

/** The range the list opens with: from today on (issue 11). */
export function defaultRange(): DateRange {
  return { from: schoolDay(), to: "" };
}

/**
 * The range as the address keeps it: no `von` means 'Ab heute', an empty `von` all days; `bis` is
 * absent for an open end.
 */
export function rangeFromAddress(von: string | null, bis: string | null): DateRange {
  return { from: von ?? schoolDay(), to: bis ?? "" };
}

/** The address values of a range ('Ab heute' is the plain address). */
export function rangeToAddress(range: DateRange): Record<string, string | null> {
  const isDefault = range.from === schoolDay() && range.to === "";
  return { von: isDefault ? null : range.from, bis: range.to || null };
}

/** What a Bis before Von is called, on either field (issue 25, point 6). */
export const invertedRangeMessage = "Bis liegt vor Von.";

/**
 * Von/Bis fields above the appointments list, with 'Ab heute' and 'Alle' to reset. An empty
 * field is an open end; Bis cannot be set before Von (the API would refuse the range).
 */
export function DateRangeFilter(
  { range, onChange }: { range: DateRange; onChange(range: DateRange): void },
) {
  const today = schoolDay();
  const isDefault = range.from === today && range.to === "";
  const isAll = range.from === "" && range.to === "";
  return (
    <div className="appointments-range" role="group" aria-label="Zeitraum">
      <DateInput
        label="Von"
        className="appointments-range-field"
        value={range.from}
        max={range.to || undefined}
        outOfRangeMessage={invertedRangeMessage}
        onChange={(from) => onChange({ ...range, from })}
      />
      <DateInput
        label="Bis"
        className="appointments-range-field"
        value={range.to}
        min={range.from || undefined}
        outOfRangeMessage={invertedRangeMessage}
        onChange={(to) => onChange({ ...range, to })}
      />
      <div className="appointments-range-buttons">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={isDefault}
          onClick={() => onChange(defaultRange())}
        >
          Ab heute
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={isAll}
          onClick={() => onChange({ from: "", to: "" })}
        >
          Alle
        </button>
      </div>
    </div>
  );
}
