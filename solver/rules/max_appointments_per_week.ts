/** Hard rule: at most maxAppointmentsPerWeek lessons per instructor and ISO week, counted inside the horizon. */
import { addDays, isoWeekMonday } from "../calendar.ts";

/** Week index (0, 1, ...) of every horizon day; days of one ISO week share an index. */
export function weekIndexOfDays(start: string, days: number): number[] {
  const mondays: string[] = [];
  return Array.from({ length: days }, (_, d) => {
    const monday = isoWeekMonday(addDays(start, d));
    if (mondays.at(-1) !== monday) mondays.push(monday);
    return mondays.length - 1;
  });
}

/** New lessons still allowed in a week that already holds `fixed` lessons inside the horizon. */
export function weekCapacity(maxAppointmentsPerWeek: number, fixed: number): number {
  return Math.max(0, maxAppointmentsPerWeek - fixed);
}
