/**
 * Public holidays (gesetzliche Feiertage) of a German state, computed by feiertagejs. Pure, so the
 * planner worker, the API and the web can all use it.
 */
import { getHolidays } from "feiertagejs";
import type { FederalState } from "./states.ts";

export interface PublicHoliday {
  date: string;
  name: string;
}

/** The public holidays of `state` from `from` to `to` (ISO dates, both inclusive), by date. */
export function publicHolidays(state: FederalState, from: string, to: string): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of getHolidays(year, state)) {
      if (h.dateString >= from && h.dateString <= to) {
        out.push({ date: h.dateString, name: h.translate("de") ?? h.name });
      }
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
