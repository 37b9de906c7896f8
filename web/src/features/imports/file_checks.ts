/** The largest file the server takes (issue 10: at most 5 MB). */
export const maxImportBytes = 5 * 1024 * 1024;

/** What the file picker offers: Excel workbooks and the CSV German Excel saves. */
export const acceptedFiles =
  ".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

/**
 * A courtesy check before uploading: a wrong type or an oversized file is named at once instead
 * of after the upload. The server checks again and decides; a legacy .xls is let through, so the
 * server's sentence on how to save it as .xlsx is what the user reads.
 */
export function fileProblem(file: File): string | null {
  if (!/\.(xlsx|xls|csv)$/i.test(file.name)) {
    return "Bitte wählen Sie eine Excel-Datei (.xlsx) oder eine CSV-Datei (.csv).";
  }
  if (file.size === 0) return "Die Datei ist leer.";
  if (file.size > maxImportBytes) {
    return "Die Datei ist größer als 5 MB. Bitte teilen Sie sie in kleinere Dateien auf.";
  }
  return null;
}
