import { useState } from "react";
import type { KeyboardEvent } from "react";
import { SlotButton, type SlotLayoutProps } from "./slot_button.tsx";
import { gridHours, hourLabel, isPlanned, slotKey, weekdayLabels } from "./slots.ts";

interface GridProps extends SlotLayoutProps {
  onHourLabel(hour: number): void;
  /** Shift+arrow: gives the cell moved to the state of the cell moved from */
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
  const [active, setActive] = useState("1-1");
  const tab = (pos: string) => (pos === active ? 0 : -1);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const pos = target.dataset.pos;
    if (!pos) return;
    const [row, col] = pos.split("-").map(Number);
    const steps: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    let next: HTMLElement | null = null;
    const table = event.currentTarget;
    const at = (r: number, c: number) => table.querySelector<HTMLElement>(`[data-pos="${r}-${c}"]`);
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      let r = row + dr;
      let c = col + dc;
      // Skip places without a focusable element (the corner, headers of days not planned).
      while (r >= 0 && r <= lastRow && c >= 0 && c <= lastColumn && !at(r, c)) {
        r += dr;
        c += dc;
      }
      next = at(r, c);
    } else if (event.key === "Home") next = at(row, row === 0 ? 1 : 0);
    else if (event.key === "End") next = at(row, lastColumn);
    if (!next) return;
    event.preventDefault();
    const to = next.dataset.pos!;
    if (event.shiftKey && row > 0 && col > 0 && to[0] !== "0" && !to.endsWith("-0")) {
      const [toRow, toCol] = to.split("-").map(Number);
      props.onExtend(
        slotKey(col - 1, gridHours[row - 1]),
        slotKey(toCol - 1, gridHours[toRow - 1]),
      );
    }
    setActive(to);
    next.focus();
  };

  return (
    <div className="availability-grid-wrap" data-tutorial="grid">
      <table
        className="availability-grid"
        aria-describedby="availability-grid-keys"
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const pos = (e.target as HTMLElement).dataset.pos;
          if (pos) setActive(pos);
        }}
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
