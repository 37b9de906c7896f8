import { type ExportCell, neutralise } from "../../../common/export_cells.ts";

export type { ExportCell };

/** The byte-order mark that makes Excel read a CSV file as UTF-8 (umlauts survive). */
export const utf8Bom = "\uFEFF";

/** The separator German Excel expects in a CSV file. */
export const csvSeparator = ";";

function csvField(value: ExportCell): string {
  const text = String(neutralise(value));
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV text with BOM, ';' separators, CRLF line ends, quoted where needed, cells neutralised. */
export function toCsv(headers: string[], rows: ExportCell[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvField).join(csvSeparator));
  return utf8Bom + lines.join("\r\n") + "\r\n";
}

/** Builds a real .xlsx workbook (one sheet) with exceljs, loaded only when an export runs. */
export async function toXlsx(
  sheetName: string,
  headers: string[],
  rows: ExportCell[][],
): Promise<Blob> {
  // Dynamic import: exceljs is large, and only the export button needs it.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Fahrplan";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(neutralise));
  headers.forEach((header, i) => {
    const longest = Math.max(header.length, ...rows.map((r) => String(r[i] ?? "").length));
    sheet.getColumn(i + 1).width = Math.min(50, Math.max(10, longest + 2));
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

/** Hands a file to the browser as a download. */
export function downloadFile(fileName: string, content: Blob | string, type = "text/csv") {
  const blob = typeof content === "string"
    ? new Blob([content], { type: `${type};charset=utf-8` })
    : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
