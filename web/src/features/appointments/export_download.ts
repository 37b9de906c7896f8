import type { SortState } from "../../components/ui/data_table.tsx";
import { ApiError, exchange } from "../../lib/api.ts";
import type { QueryOf } from "../../lib/api_types.ts";
import { downloadFile } from "../../lib/export_files.ts";
import type { DateRange } from "./date_range_filter.tsx";
import { exportRange, exportRangeTooWide } from "../../../../common/export_range.ts";
import { germanDate } from "../../../../common/german_words.ts";

/** The three exports of the appointments list, with the spec's error message of each. */
export const appointmentExports = {
  excel: {
    route: "GET /admin/appointments/export/excel/",
    path: "excel",
    fallbackName: "fahrplan-termine.xlsx",
    error: "Fehler beim Excel-Export",
  },
  pdf: {
    route: "GET /admin/appointments/export/pdf/",
    path: "pdf",
    fallbackName: "fahrplan-wochenplan.pdf",
    error: "Fehler beim PDF-Export",
  },
  ical: {
    route: "GET /admin/appointments/export/ical/",
    path: "ical",
    fallbackName: "fahrplan-termine.ics",
    error: "Fehler beim Kalender-Export",
  },
} as const;

/** Which export. */
export type ExportKind = keyof typeof appointmentExports;

function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1] : null;
}

/** What the list shows: the exports take the same search, range and sort (issue 11). */
export interface ListView {
  search: string;
  sort: SortState;
  range: DateRange;
}

/**
 * The query of an export for what the list shows. The range is always sent: an empty Von means
 * no lower end, while a missing one would mean the API's default (today).
 */
export function exportQuery(view: ListView): QueryOf<"GET /admin/appointments/export/excel/"> {
  return {
    search: view.search,
    sort_by: view.sort.by,
    sort_direction: view.sort.direction,
    from: view.range.from,
    to: view.range.to,
  };
}

/** A failed export; `reason` is the API's German explanation where the office can act on it. */
export class ExportFailed extends Error {
  constructor(message: string, readonly reason: string | null) {
    super(message);
  }
}

/**
 * What to tell the office about the days an export holds (issue 24: at most a year, the API fills
 * an open end the same way, common/export_range.ts): null when they are the list's own range.
 */
export function exportRangeNote(range: DateRange, today: string): string | null {
  const days = exportRange({ from: range.from || null, to: range.to || null }, today);
  if (!days || (days.from === range.from && days.to === range.to)) return null;
  return `Der Export umfasst höchstens ein Jahr: ${germanDate(days.from)} – ${
    germanDate(days.to)
  }.`;
}

/**
 * Fetches an export of what the list shows (a plain admin GET through the typed client) and
 * hands it to the browser as a download. Fetching instead of following a link lets the screen notice a failure and say so.
 * A range wider than a year is refused here already, with the API's message.
 */
export async function downloadAppointmentExport(
  kind: ExportKind,
  view: ListView,
  today: string,
): Promise<void> {
  const spec = appointmentExports[kind];
  const { from, to } = view.range;
  if (!exportRange({ from: from || null, to: to || null }, today)) {
    throw new ExportFailed(`${spec.path} export: range too wide`, exportRangeTooWide);
  }
  let answer;
  try {
    answer = await exchange(spec.route, { query: exportQuery(view) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A 400 carries a German message the office can act on; anything else is only logged.
    const reason = error.status === 400 ? error.message : null;
    throw new ExportFailed(`${spec.path} export: ${error.status}`, reason);
  }
  const name = fileNameOf(answer.headers.get("Content-Disposition")) ?? spec.fallbackName;
  downloadFile(name, answer.data);
}
