import type { PointerEvent as ReactPointerEvent, ReactNode } from "react";
import { hourLabel, type Selection, slotKey } from "./slots.ts";

/** What both layouts (desktop grid, phone list) get from the availability screen. */
export interface SlotLayoutProps {
  selection: Selection;
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
  children?: ReactNode;
}

/** One selectable weekday hour, pressed while selected; drag and click go to the screen. */
export function SlotButton({ layout, day, hour, dayLabel, className, children }: SlotButtonProps) {
  const key = slotKey(day, hour);
  const selected = !!layout.selection[key];
  return (
    <button
      type="button"
      className={`${className}${selected ? " is-selected" : ""}`}
      data-slot={key}
      aria-label={`${dayLabel} ${hourLabel(hour)}`}
      aria-pressed={selected}
      onPointerDown={(e) => layout.onCellPointerDown(e, key)}
      onClick={(e) => layout.onCellClick(e.detail, key)}
    >
      {children}
    </button>
  );
}
