/**
 * Writes each double lesson as one appointment: the pair's first lesson, ending two lessons'
 * minutes after its start (90 with 45-minute lessons, 120 with 60-minute ones). Only pairs with one
 * car (or none where cars are not named) are merged; a pair with two cars stays two lessons.
 */
import type { Appointment } from "../plan_format.ts";

export function mergeDoubles(
  appointments: readonly Appointment[],
  pairs: readonly [Appointment, Appointment][],
): { appointments: Appointment[]; doubles: Set<Appointment> } {
  const doubles = new Set<Appointment>(), dropped = new Set<Appointment>();
  for (const [first, second] of pairs) {
    if (first.vehicle !== second.vehicle) continue;
    doubles.add(first);
    dropped.add(second);
  }
  return { appointments: appointments.filter((a) => !dropped.has(a)), doubles };
}

/** "YYYY-MM-DDTHH:MM" plus minutes, inside the same day (lessons end by midnight). */
export function addMinutes(start: string, minutes: number): string {
  const m = Number(start.slice(11, 13)) * 60 + Number(start.slice(14, 16)) + minutes;
  const hh = String(Math.floor(m / 60)).padStart(2, "0"), mm = String(m % 60).padStart(2, "0");
  return `${start.slice(0, 11)}${hh}:${mm}`;
}
