import { isoWeekday } from "../../../../common/time.ts";
import { germanWeekdayShort } from "../../../../common/german_words.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";

/** A school wall-clock time 'YYYY-MM-DDTHH:MM' as "Mo 30.11.2026, 08:00". */
export function lessonTime(wall: string): string {
  const day = wall.slice(0, 10);
  return `${germanWeekdayShort[isoWeekday(day) - 1]} ${formatGermanDate(day)}, ${
    wall.slice(11, 16)
  }`;
}
