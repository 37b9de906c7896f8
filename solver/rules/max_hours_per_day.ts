/** Hard rule: at most maxHoursPerDay lessons per instructor and day, fixed appointments included. */
import { countLimit } from "./rule.ts";

/** New lessons still allowed on a day that already holds `fixed` lessons. */
export function dayCapacity(maxHoursPerDay: number, fixed: number): number {
  return Math.max(0, maxHoursPerDay - fixed);
}

/** In the flow network the edge of an instructor day (flow/network.ts) carries this cap. */
export const maxHoursPerDay = countLimit({
  id: "max_hours_per_day",
  germanName: "Max. Stunden pro Tag",
  side: "instructor",
  size: (m) => m.instance.instructors.length * m.days,
  keyOf: (m, l) => l.instructor * m.days + l.day,
  // The school's own cap; the legal one is a rule of its own (driving_minutes_per_day.ts), so each
  // reason names the limit that was reached. The network's edge carries the lower of the two.
  cap: (m, k) => m.instructorDaySchoolCap[Math.floor(k / m.days)][k % m.days],
  label: (m, l) => `${m.instance.instructors[l.instructor].id} am ${m.dates[l.day]}`,
  reason: (s) => `Tageslimit der Fahrlehrer (${s.maxHoursPerDay} Stunden) erreicht.`,
});
