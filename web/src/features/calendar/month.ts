import { addDays, daysInMonth, isoWeekday } from "../../../../common/time.ts";

/** A month as year and zero-based month. */
export interface Month {
  year: number;
  month0: number;
}

/** The month containing an ISO day. */
export function monthOf(isoDay: string): Month {
  return { year: Number(isoDay.slice(0, 4)), month0: Number(isoDay.slice(5, 7)) - 1 };
}

/** The month n months later (negative: earlier). */
export function addMonths(month: Month, n: number): Month {
  const total = month.year * 12 + month.month0 + n;
  return { year: Math.floor(total / 12), month0: ((total % 12) + 12) % 12 };
}

/** The weeks shown for a month, Monday first; days outside the month are included to fill weeks. */
export function monthWeeks(month: Month): { day: string; inMonth: boolean }[][] {
  const last = daysInMonth(month.year, month.month0);
  const first = `${month.year}-${String(month.month0 + 1).padStart(2, "0")}-01`;
  const offset = isoWeekday(first) - 1; // Monday = 0
  const weeks: { day: string; inMonth: boolean }[][] = [];
  const cells = Math.ceil((offset + last) / 7) * 7;
  for (let i = 0; i < cells; i++) {
    if (i % 7 === 0) weeks.push([]);
    const dayNumber = i - offset + 1;
    weeks.at(-1)!.push({
      day: addDays(first, dayNumber - 1),
      inMonth: dayNumber >= 1 && dayNumber <= last,
    });
  }
  return weeks;
}
