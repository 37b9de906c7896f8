import ExcelJS from "exceljs";
import { neutralise } from "../../common/export_cells.ts";
import type { AppointmentRow } from "./appointment_rows.ts";
import { statusLabel, transmissionLabel } from "../../common/german_words.ts";

/** The file name the spec asks for: the product's name with 'termine'. */
export const excelFileName = "fahrplan-termine.xlsx";

/** The column headers of the Excel export, in order. */
export const excelHeaders = [
  "Datum",
  "Uhrzeit",
  "Fahrschüler",
  "Fahrlehrer",
  "Typ",
  "Fahrzeug",
  "Getriebe",
  "Status",
  "Stornogrund",
];

const widths = [12, 14, 28, 28, 14, 16, 16, 12, 30];

/** A real .xlsx workbook with one sheet 'Termine'; text cells are neutralised against formulas. */
export async function appointmentsWorkbook(rows: AppointmentRow[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Fahrplan";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet("Termine", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(excelHeaders).font = { bold: true };
  for (const row of rows) {
    const [y, m, d] = row.date.split("-").map(Number);
    // A real date cell (sortable and filterable in Excel); Excel dates carry no zone, so the
    // Berlin calendar day is written as midnight UTC, which exceljs stores unshifted.
    const added = sheet.addRow([
      new Date(Date.UTC(y, m - 1, d)),
      `${row.time}–${row.end_clock}`,
      neutralise(row.student_name),
      neutralise(row.instructor_name),
      neutralise(row.appointment_type_display),
      neutralise(row.vehicle ?? ""),
      transmissionLabel(row.transmission_type),
      statusLabel(row.status),
      row.cancel_reason ? neutralise(row.cancel_reason) : null,
    ]);
    added.getCell(1).numFmt = "dd.mm.yyyy";
  }
  widths.forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: excelHeaders.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
