import { statusLabel } from "../../../../common/german_words.ts";
import { formatGermanDate, germanWeekdayShort, mondayIndex } from "../../lib/german_dates.ts";

const badges: Record<string, string> = { pending: "badge-warning", cancelled: "badge-error" };

/** How a status is shown: its German label and badge colour; unknown counts as confirmed. */
export function statusView(status: string): { label: string; badge: string } {
  return { label: statusLabel(status), badge: badges[status] ?? "badge-success" };
}

/** 2026-12-10 → 'Do, 10.12.2026' */
export function weekdayDate(isoDate: string): string {
  const weekday = germanWeekdayShort[mondayIndex(isoDate)] ?? "";
  const date = formatGermanDate(isoDate);
  return weekday ? `${weekday}, ${date}` : date;
}
