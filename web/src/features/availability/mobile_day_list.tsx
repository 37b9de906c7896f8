import { useState } from "react";
import { SlotButton, type SlotLayoutProps } from "./slot_button.tsx";
import {
  dayHours,
  gridHours,
  hourLabel,
  hoursText,
  isPlanned,
  slotKey,
  weekdayLabels,
} from "./slots.ts";
import { useGridKeys } from "./use_grid_keys.ts";

interface ListProps extends SlotLayoutProps {
  /** Shift+arrow: gives the hour moved to the state of the hour moved from (as in the grid) */
  onExtend(from: string, to: string): void;
}

/** The hours sit four to a row (availability.css); the arrow keys follow that layout. */
const columns = 4;
const lastRow = Math.ceil(gridHours.length / columns) - 1;

/**
 * One day's hours as one composite widget, with the desktop grid's keyboard (use_grid_keys.ts):
 * one Tab stop, arrows, Home/End, Space/Enter, Shift+arrows.
 */
function DayHours({ props, day, label }: { props: ListProps; day: number; label: string }) {
  const keys = useGridKeys({
    initial: "0-0",
    lastRow,
    lastColumn: columns - 1,
    onExtend: props.onExtend,
  });
  return (
    <div
      className="availability-hours"
      role="group"
      aria-label={`${label}: Stunden`}
      aria-describedby="availability-list-keys"
      onKeyDown={keys.onKeyDown}
      onFocus={keys.onFocus}
    >
      {gridHours.map((hour, i) => {
        const pos = `${Math.floor(i / columns)}-${i % columns}`;
        return (
          <SlotButton
            key={hour}
            layout={props}
            day={day}
            hour={hour}
            dayLabel={label}
            className="availability-hour"
            position={pos}
            tabIndex={keys.tabIndex(pos)}
          >
            {hourLabel(hour)}
          </SlotButton>
        );
      })}
      <p id="availability-list-keys" className="sr-only">
        Pfeiltasten bewegen, Leertaste oder Eingabetaste markiert, Umschalt und Pfeiltasten
        markieren mehrere Stunden.
      </p>
    </div>
  );
}

/** Phone layout: each weekday a collapsible list of hour buttons in four columns. */
export function MobileDayList(props: ListProps) {
  const { selection } = props;
  const [open, setOpen] = useState<Set<number>>(() => new Set([0]));
  const toggle = (day: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });

  return (
    <div className="availability-days" data-tutorial="grid">
      {weekdayLabels.map((label, day) => {
        const count = gridHours.filter((hour) => selection[slotKey(day, hour)]).length;
        // A cell "ab 08:30" is half an hour: the header counts hours, not cells (issue 22).
        const hours = dayHours(selection, props.partial, day);
        const panelId = `availability-day-${day}`;
        const expanded = open.has(day);
        if (!isPlanned(day, props.planned)) {
          return (
            <section key={label} className="availability-day availability-weekend">
              <h3 className="availability-day-heading">
                <span className="availability-day-toggle is-static">
                  <span>{label}</span>
                  <span className="availability-day-count">
                    kein Planungstag{count ? ` (${hoursText(hours)} gespeichert)` : ""}
                  </span>
                </span>
              </h3>
            </section>
          );
        }
        return (
          <section key={label} className="availability-day">
            <h3 className="availability-day-heading">
              <button
                type="button"
                className="availability-day-toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(day)}
              >
                <span>{label}</span>
                <span className="availability-day-count">{hoursText(hours)}</span>
                <span className="availability-chevron" aria-hidden="true">
                  {expanded ? "▴" : "▾"}
                </span>
              </button>
            </h3>
            <div id={panelId} hidden={!expanded} className="availability-day-panel">
              <DayHours props={props} day={day} label={label} />
              <button
                type="button"
                className="button button-ghost button-small availability-whole-day"
                onClick={() => props.onDayHeader(day)}
              >
                {count === gridHours.length ? "Ganzen Tag leeren" : "Ganzen Tag wählen"}
              </button>
            </div>
          </section>
        );
      })}
      <p id="availability-list-keys" className="sr-only">
        Pfeiltasten bewegen, Leertaste oder Eingabetaste markiert, Umschalt und Pfeiltasten
        markieren mehrere Stunden.
      </p>
    </div>
  );
}
