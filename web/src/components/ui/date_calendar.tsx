import { parseDate } from "@internationalized/date";
import { type RefObject, useContext } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
  Dialog,
  I18nProvider,
  Popover,
} from "react-aria-components";
import { germanMonthNames, todayIso } from "../../lib/german_dates.ts";

interface DateCalendarProps {
  triggerRef: RefObject<HTMLElement | null>;
  /** ISO 'YYYY-MM-DD' or '' */
  selected: string;
  min?: string;
  max?: string;
  onPick(iso: string): void;
  onClose(): void;
}

/**
 * The calendar popup of DateInput, loaded on first use. react-aria-components draws the month grid
 * (Monday first in de-DE, arrow keys, PageUp/PageDown, focus, positioning that stays on screen);
 * the header adds the spec's month and year dropdowns over 100 years.
 */
export default function DateCalendar(
  { triggerRef, selected, min, max, onPick, onClose }: DateCalendarProps,
) {
  return (
    <I18nProvider locale="de-DE">
      <Popover
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(open) => !open && onClose()}
        placement="bottom start"
        className="date-popup"
      >
        <Dialog aria-label="Datum auswählen" className="date-popup-dialog">
          <Calendar
            aria-label="Datum auswählen"
            firstDayOfWeek="mon"
            autoFocus
            defaultFocusedValue={parseDate(selected || todayIso())}
            value={selected ? parseDate(selected) : null}
            minValue={min ? parseDate(min) : undefined}
            maxValue={max ? parseDate(max) : undefined}
            onChange={(date) => onPick(date.toString())}
          >
            <MonthYearHeader />
            <CalendarGrid className="date-popup-grid" weekdayStyle="short">
              <CalendarGridHeader>
                {(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}
              </CalendarGridHeader>
              <CalendarGridBody>
                {(date) => <CalendarCell date={date} className="date-popup-day" />}
              </CalendarGridBody>
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </I18nProvider>
  );
}

/** The 100 years offered: 89 back (birth dates) to 10 ahead (plans), plus `year` if outside. */
function offeredYears(year: number): number[] {
  const now = Number(todayIso().slice(0, 4));
  const years = Array.from({ length: 100 }, (_, i) => now - 89 + i);
  if (year < years[0]) years.unshift(year);
  if (year > years[years.length - 1]) years.push(year);
  return years;
}

function MonthYearHeader() {
  const state = useContext(CalendarStateContext)!;
  const focused = state.focusedDate;
  return (
    <header className="date-popup-header">
      <Button slot="previous" className="date-popup-nav" aria-label="Vorheriger Monat">‹</Button>
      <select
        aria-label="Monat"
        value={focused.month}
        onChange={(e) => state.setFocusedDate(focused.set({ month: Number(e.target.value) }))}
      >
        {germanMonthNames.map((name, i) => <option key={name} value={i + 1}>{name}</option>)}
      </select>
      <select
        aria-label="Jahr"
        value={focused.year}
        onChange={(e) => state.setFocusedDate(focused.set({ year: Number(e.target.value) }))}
      >
        {offeredYears(focused.year).map((y) => <option key={y} value={y}>{y}</option>)}
      </select>
      <Button slot="next" className="date-popup-nav" aria-label="Nächster Monat">›</Button>
    </header>
  );
}
