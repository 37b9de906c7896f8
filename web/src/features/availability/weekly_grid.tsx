import { SlotButton, type SlotLayoutProps } from "./slot_button.tsx";
import { useGridKeys } from "./use_grid_keys.ts";
import { gridHours, hourLabel, isPlanned, slotKey, weekdayLabels } from "./slots.ts";

interface GridProps extends SlotLayoutProps {
  onHourLabel(hour: number): void;
  /** Shift+arrow: gives the hour moved to (its slot key) the state of the hour moved from */
  onExtend(from: string, to: string): void;
}

const lastRow = gridHours.length;
const lastColumn = weekdayLabels.length;

/**
 * Desktop grid: a time column and Monday to Sunday, 07:00 to 20:00; days that are not planned
 * greyed. One composite widget (issue 14, problem 9): a single Tab stop with a roving tabindex;
 * the arrow keys move (row 0 is the weekday buttons, column 0 the hour buttons), Space or Enter
 * toggles, Shift+arrows extend the marking, Home/End go to the row's ends.
 */
export function WeeklyGrid(props: GridProps) {
  const keys = useGridKeys({ initial: "1-1", lastRow, lastColumn, onExtend: props.onExtend });
  const tab = keys.tabIndex;

  return (
    <div className="availability-grid-wrap" data-tutorial="grid">
      <table
        className="availability-grid"
        aria-describedby="availability-grid-keys"
        onKeyDown={keys.onKeyDown}
        onFocus={keys.onFocus}
      >
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
                className={isPlanned(day, props.planned) ? undefined : "availability-weekend"}
              >
                {!isPlanned(day, props.planned)
                  ? <span className="availability-day-label">{label}</span>
                  : (
                    <button
                      type="button"
                      className="availability-day-button"
                      data-pos={`0-${day + 1}`}
                      tabIndex={tab(`0-${day + 1}`)}
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
          {gridHours.map((hour, i) => (
            <tr key={hour}>
              <th scope="row">
                <button
                  type="button"
                  className="availability-hour-button"
                  data-pos={`${i + 1}-0`}
                  tabIndex={tab(`${i + 1}-0`)}
                  onClick={() => props.onHourLabel(hour)}
                  title={`${hourLabel(hour)}: an allen Planungstagen wählen oder leeren`}
                >
                  {hourLabel(hour)}
                </button>
              </th>
              {weekdayLabels.map((label, day) => (
                <td
                  key={slotKey(day, hour)}
                  className={isPlanned(day, props.planned) ? undefined : "availability-weekend"}
                >
                  <SlotButton
                    layout={props}
                    day={day}
                    hour={hour}
                    dayLabel={label}
                    className="availability-cell"
                    position={`${i + 1}-${day + 1}`}
                    tabIndex={tab(`${i + 1}-${day + 1}`)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="availability-grid-keys" className="sr-only">
        Pfeiltasten bewegen, Leertaste oder Eingabetaste markiert, Umschalt und Pfeiltasten
        markieren mehrere Stunden.
      </p>
    </div>
  );
}
