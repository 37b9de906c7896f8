import { FieldRow, FormSection, TimeField } from "../../components/ui/form_fields.tsx";
import type { RangeRow } from "./people_types.ts";
import { usePlannedWeekdays } from "../../lib/use_planned_weekdays.ts";
import {
  type DayKey,
  dayName,
  rowsOfDay,
  shownDays,
  windowName,
  withNewWindow,
  withoutWindow,
  withWindow,
  type WorkWeek,
} from "./work_windows.ts";

interface Props {
  week: WorkWeek;
  setWeek(change: (week: WorkWeek) => WorkWeek): void;
  readOnly: boolean;
  /** the last save's error about the working times, shown under the title */
  error?: string;
}

/**
 * 'Wöchentliche Arbeitszeiten': every window of every planned weekday (and of any other day that
 * has one), each editable and removable, with '+ Zeitfenster' per day (docs/decisions/0012).
 */
export function WorkWindowsSection({ week, setWeek, readOnly, error }: Props) {
  const planned = usePlannedWeekdays();

  const patch = (day: DayKey, index: number) => (change: Partial<RangeRow>) =>
    setWeek((w) => withWindow(w, day, index, change));

  return (
    <FormSection
      title="Wöchentliche Arbeitszeiten"
      error={error}
      description="An den Planungstagen der Fahrschule; mehrere Zeitfenster pro Tag möglich (z. B. 08:00–12:00 und 14:00–18:00)."
    >
      {shownDays(week, planned).map((day) => {
        const rows = rowsOfDay(week, day);
        return (
          <div key={day} className="work-day" data-day={day}>
            {rows.map((row, index) => (
              <FieldRow
                key={row.key}
                label={windowName(day, index, rows.length)}
                onRemove={!readOnly && rows.length > 1
                  ? () => setWeek((w) => withoutWindow(w, day, index))
                  : undefined}
              >
                <TimeField
                  label="Beginn"
                  value={row.start}
                  onChange={(start) => patch(day, index)({ start })}
                />
                <TimeField
                  label="Ende"
                  value={row.end}
                  onChange={(end) => patch(day, index)({ end })}
                />
              </FieldRow>
            ))}
            {!readOnly && (
              <button
                type="button"
                className="button button-ghost button-small work-day-add"
                onClick={() => setWeek((w) => withNewWindow(w, day))}
              >
                + Zeitfenster am {dayName(day)}
              </button>
            )}
          </div>
        );
      })}
    </FormSection>
  );
}
