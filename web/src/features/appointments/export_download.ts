import type { SortState } from "../../components/ui/data_table.tsx";
import { downloadFile } from "../../lib/export_files.ts";
import type { DateRange } from "./date_range_filter.tsx";

/** The three exports of the appointments list, with the spec's error message of each. */
export const appointmentExports = {
  excel: {
    path: "excel",
    fallbackName: "fahrplan-termine.xlsx",
    error: "Fehler beim Excel-Export",
  },
  pdf: { path: "pdf", fallbackName: "fahrplan-wochenplan.pdf", error: "Fehler beim PDF-Export" },
  ical: {
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
export function exportQuery(view: ListView): string {
  return new URLSearchParams({
    search: view.search,
    sort_by: view.sort.by,
    sort_direction: view.sort.direction,
    from: view.range.from,
    to: view.range.to,
  }).toString();
}

/**
 * Fetches an export of what the list shows (a plain admin GET) and hands it to the browser as a
 * download. Fetching instead of following a link lets the screen notice a failure and say so.
 */
export async function downloadAppointmentExport(kind: ExportKind, view: ListView): Promise<void> {
  const spec = appointmentExports[kind];
  const res = await fetch(`/api/admin/appointments/export/${spec.path}/?${exportQuery(view)}`, {
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`${spec.path} export: ${res.status}`);
  const blob = await res.blob();
  downloadFile(fileNameOf(res.headers.get("Content-Disposition")) ?? spec.fallbackName, blob);
}
