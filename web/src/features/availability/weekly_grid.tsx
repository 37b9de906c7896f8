import { SlotButton, type SlotLayoutProps } from "./slot_button.tsx";
import { gridHours, hourLabel, isWeekend, slotKey, weekdayLabels } from "./slots.ts";

interface GridProps extends SlotLayoutProps {
  onHourLabel(hour: number): void;
}

/** Desktop grid: a time column and Monday to Sunday, 07:00 to 20:00; weekend greyed out. */
export function WeeklyGrid(props: GridProps) {
  return (
    <div className="availability-grid-wrap" data-tutorial="grid">
      <table className="availability-grid">
        <caption className="sr-only">
          Wöchentliche Verfügbarkeit: Stunden von 07:00 bis 21:00, Montag bis Sonntag
        </caption>
        <thead>
          <tr>
            <th scope="col" className="availability-corner">Uhrzeit</th>
            {weekdayLabels.map((label, day) => (
              <th
                key={label}
                scope="col"
                className={isWeekend(day) ? "availability-weekend" : undefined}
              >
                {isWeekend(day) ? <span className="availability-day-label">{label}</span> : (
                  <button
                    type="button"
                    className="availability-day-button"
                    onClick={() => props.onDayHeader(day)}
                    title={`${label}: ganzen Tag wählen oder leeren`}
                  >
                    {label}
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gridHours.map((hour) => (
            <tr key={hour}>
              <th scope="row">
                <button
                  type="button"
                  className="availability-hour-button"
                  onClick={() => props.onHourLabel(hour)}
                  title={`${hourLabel(hour)}: an allen Werktagen wählen oder leeren`}
                >
                  {hourLabel(hour)}
                </button>
              </th>
              {weekdayLabels.map((label, day) => {
                const key = slotKey(day, hour);
                if (isWeekend(day)) {
                  return (
                    <td key={key} className="availability-weekend">
                      <button
                        type="button"
                        className="availability-cell"
                        aria-label={`${label} ${hourLabel(hour)} (nicht planbar)`}
                        aria-pressed={false}
                        disabled
                      />
                    </td>
                  );
                }
                return (
                  <td key={key}>
                    <SlotButton
                      layout={props}
                      day={day}
                      hour={hour}
                      dayLabel={label}
                      className="availability-cell"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
