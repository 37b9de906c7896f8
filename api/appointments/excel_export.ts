import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { yieldToEventLoop } from "../lib/event_loop.ts";
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

/** How many rows are written between two turns of the event loop. */
const rowsPerPart = 200;

async function writeWorkbook(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  rows: AppointmentRow[],
  stopped: () => boolean,
) {
  const sheet = workbook.addWorksheet("Termine", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = widths.map((width) => ({ width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: excelHeaders.length } };
  const head = sheet.addRow(excelHeaders);
  head.font = { bold: true };
  head.commit();
  for (const [i, row] of rows.entries()) {
    const [y, m, d] = row.date.split("-").map(Number);
    // A real date cell (sortable and filterable in Excel); Excel dates carry no zone, so the
    // Berlin calendar day is written as midnight UTC, which exceljs stores unshifted.
    const added = sheet.addRow([
      new Date(Date.UTC(y, m - 1, d)),
      `${row.time}–${row.end_clock}`,
      neutralise(row.student_name),
      neutralise(row.instructor_name),
      neutralise(row.appointment_type_display),
      row.vehicle ? neutralise(row.vehicle) : null,
      transmissionLabel(row.transmission_type),
      statusLabel(row.status),
      row.cancel_reason ? neutralise(row.cancel_reason) : null,
    ]);
    added.getCell(1).numFmt = "dd.mm.yyyy";
    added.commit();
    if ((i + 1) % rowsPerPart === 0) {
      await yieldToEventLoop();
      // The client went away: the rest of the rows would be written for nobody.
      if (stopped()) break;
    }
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * A real .xlsx workbook with one sheet 'Termine' (text cells neutralised against formulas),
 * written by exceljs's streaming writer: each row goes into the zip as it is added, the file flows
 * to the client while it is made, and the event loop serves other requests between parts of
 * 200 rows (issue 24).
 */
export function appointmentsWorkbookStream(rows: AppointmentRow[]): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = "Fahrplan";
  workbook.created = new Date();
  let cancelled = false;
  // A failure half-way ends the download with an error instead of a file that looks complete.
  writeWorkbook(workbook, rows, () => cancelled).catch((error) => output.destroy(error));
  // By hand rather than Readable.toWeb: Deno's adapter enqueues after a cancel and throws.
  return new ReadableStream<Uint8Array>({
    start(controller) {
      output.on("data", (chunk: Uint8Array) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk));
        // Backpressure: the zip waits while the client has not taken what is queued.
        if ((controller.desiredSize ?? 1) <= 0) output.pause();
      });
      output.on("end", () => !cancelled && controller.close());
      output.on("error", (error) => !cancelled && controller.error(error));
    },
    pull() {
      output.resume();
    },
    cancel() {
      // The writer finishes its zip into the void: PassThrough keeps flowing, nothing is queued.
      cancelled = true;
      output.resume();
    },
  });
}
