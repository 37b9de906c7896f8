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

/** The Monday of the week containing an ISO day. */
export function weekStartOf(isoDay: string): string {
  return addDays(isoDay, 1 - isoWeekday(isoDay));
}

/** The seven days of the week starting on Monday `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** ISO 8601 week number of a day (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeekNumber(isoDay: string): number {
  const thursday = addDays(isoDay, 4 - isoWeekday(isoDay));
  const jan1 = `${thursday.slice(0, 4)}-01-01`;
  let days = 0;
  for (let d = jan1; d < thursday; d = addDays(d, 1)) days++;
  return Math.floor(days / 7) + 1;
}
