import { downloadFile } from "../../lib/export_files.ts";

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

/**
 * Fetches an export (a plain admin GET) and hands it to the browser as a download. Fetching
 * instead of following a link lets the screen notice a failure and say so.
 */
export async function downloadAppointmentExport(kind: ExportKind): Promise<void> {
  const spec = appointmentExports[kind];
  const res = await fetch(`/api/admin/appointments/export/${spec.path}/`, {
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`${spec.path} export: ${res.status}`);
  const blob = await res.blob();
  downloadFile(fileNameOf(res.headers.get("Content-Disposition")) ?? spec.fallbackName, blob);
}
