import { useEffect, useState } from "react";
import { FieldRow, FormSection, TimeField } from "../../components/ui/form_fields.tsx";
import { apiExchange } from "../../lib/api.ts";
import type { RangeRow } from "./people_types.ts";
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
}

/** Monday to Saturday until the server says (the school's default planned weekdays). */
const defaultPlanned = [1, 2, 3, 4, 5, 6];

/**
 * 'Wöchentliche Arbeitszeiten': every window of every planned weekday (and of any other day that
 * has one), each editable and removable, with '+ Zeitfenster' per day (docs/decisions/0012).
 */
export function WorkWindowsSection({ week, setWeek, readOnly }: Props) {
  const [planned, setPlanned] = useState<readonly number[]>(defaultPlanned);
  useEffect(() => {
    let live = true;
    apiExchange<{ planned_weekdays: number[] }>("GET", "/my-planned-weekdays/")
      .then((answer) => {
        if (live && answer.data?.planned_weekdays?.length) setPlanned(answer.data.planned_weekdays);
      })
      .catch(() => {/* the default stays; the server keeps days the form does not send */});
    return () => {
      live = false;
    };
  }, []);

  const patch = (day: DayKey, index: number) => (change: Partial<RangeRow>) =>
    setWeek((w) => withWindow(w, day, index, change));

  return (
    <FormSection
      title="Wöchentliche Arbeitszeiten"
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
