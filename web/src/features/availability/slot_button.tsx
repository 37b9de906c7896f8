import type { PointerEvent as ReactPointerEvent, ReactNode } from "react";
import { hourLabel, type Selection, slotKey } from "./slots.ts";

/** What both layouts (desktop grid, phone list) get from the availability screen. */
export interface SlotLayoutProps {
  selection: Selection;
  /** hours stored only in part, with their note ("ab 08:30"), shown in the cell (issue 25) */
  partial?: Record<string, string>;
  /** the school's planned weekdays (1 = Monday); other days are shown but cannot be marked */
  planned: readonly number[];
  onCellPointerDown(event: ReactPointerEvent<HTMLElement>, key: string): void;
  onCellClick(detail: number, key: string): void;
  onDayHeader(dayIndex: number): void;
}

interface SlotButtonProps {
  layout: SlotLayoutProps;
  day: number;
  hour: number;
  dayLabel: string;
  /** the layout's class: 'availability-cell' (grid) or 'availability-hour' (list) */
  className: string;
  /** roving tabindex of the desktop grid: 0 for the one cell in the Tab order, else -1 */
  tabIndex?: number;
  /** the cell's place in the desktop grid, 'row-column' */
  position?: string;
  children?: ReactNode;
}

/** One weekday hour, pressed while selected; drag and click go to the screen. */
export function SlotButton(props: SlotButtonProps) {
  const { layout, day, hour, dayLabel, className, children } = props;
  const key = slotKey(day, hour);
  const selected = !!layout.selection[key];
  const part = selected ? layout.partial?.[key] : undefined;
  const planned = layout.planned.includes(day + 1);
  return (
    <button
      type="button"
      className={`${className}${selected ? " is-selected" : ""}${part ? " is-partial" : ""}`}
      title={part ? `Gespeichert: ${part}` : undefined}
      data-slot={planned ? key : undefined}
      data-pos={props.position}
      tabIndex={props.tabIndex}
      aria-label={`${dayLabel} ${hourLabel(hour)}${planned ? "" : " (kein Planungstag)"}`}
      aria-pressed={selected}
      aria-disabled={planned ? undefined : true}
      onPointerDown={(e) => layout.onCellPointerDown(e, key)}
      onClick={(e) => layout.onCellClick(e.detail, key)}
    >
      {children}
      {part && <span className="availability-partial">{part}</span>}
    </button>
  );
}
