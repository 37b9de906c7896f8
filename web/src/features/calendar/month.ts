const berlinDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const berlinTime = new Intl.DateTimeFormat("de-DE", {
  timeZone: "Europe/Berlin",
  hour: "2-digit",
  minute: "2-digit",
});

/** The school's calendar day ('YYYY-MM-DD') of an instant. */
export function berlinDay(instant: string | Date): string {
  return berlinDate.format(new Date(instant));
}

/** The school's wall-clock time 'HH:MM' of an instant (de-DE, Europe/Berlin). */
export function berlinClock(instant: string | Date): string {
  return berlinTime.format(new Date(instant));
}

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

function iso(year: number, month0: number, day: number): string {
  const d = new Date(Date.UTC(year, month0, day));
  return d.toISOString().slice(0, 10);
}

/** The weeks shown for a month, Monday first; days outside the month are included to fill weeks. */
export function monthWeeks(month: Month): { day: string; inMonth: boolean }[][] {
  const first = new Date(Date.UTC(month.year, month.month0, 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday = 0
  const last = new Date(Date.UTC(month.year, month.month0 + 1, 0)).getUTCDate();
  const weeks: { day: string; inMonth: boolean }[][] = [];
  const cells = Math.ceil((offset + last) / 7) * 7;
  for (let i = 0; i < cells; i++) {
    if (i % 7 === 0) weeks.push([]);
    const dayNumber = i - offset + 1;
    weeks.at(-1)!.push({
      day: iso(month.year, month.month0, dayNumber),
      inMonth: dayNumber >= 1 && dayNumber <= last,
    });
  }
  return weeks;
}
