/** Hard rule: at most maxAppointmentsPerWeek lessons per instructor and ISO week, counted inside the horizon. */
import { addDays, isoWeekMonday } from "../calendar.ts";
import { countLimit } from "./rule.ts";

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

/** In the flow network the edge of an instructor week (flow/network.ts) carries this cap. */
export const maxAppointmentsPerWeek = countLimit({
  id: "max_appointments_per_week",
  germanName: "Max. Termine pro Woche",
  side: "instructor",
  size: (m) => m.instance.instructors.length * m.weeks,
  keyOf: (m, l) => l.instructor * m.weeks + m.weekOfDay[l.day],
  cap: (m, k) => m.instructorWeekCap[Math.floor(k / m.weeks)][k % m.weeks],
  label: (m, l) =>
    `${m.instance.instructors[l.instructor].id} in der Woche ab ${isoWeekMonday(m.dates[l.day])}`,
  reason: () => "Wochenlimit der Fahrlehrer erreicht.",
});
