/**
 * Turns an uploaded file into rows of cell values, trusting nothing the browser said: the kind
 * is decided by the bytes, a zip is checked for bombs before exceljs unpacks it, and every
 * refusal is a German 4xx that says what to do.
 */
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { AppError } from "../lib/errors.ts";
import { cellText } from "./cell_values.ts";
import { countSheetRows } from "./sheet_scan.ts";
import { inflatedReason, zipBombReason, zipEntries } from "./zip_guard.ts";

export const maxFileBytes = 5 * 1024 * 1024;
export const maxDataRows = 5000;
/** Row elements a sheet may hold, empty formatted ones included, before exceljs is asked. */
export const maxRowElements = 50_000;

/** One spreadsheet line: its number as Excel or an editor shows it, and its cells (0-based). */
export interface SheetRow {
  line: number;
  cells: unknown[];
}

const refuse = (message: string, status: 400 | 413 | 415 = 400) =>
  new AppError(status, "import_file_rejected", message);

export const tooLarge = () =>
  refuse("Die Datei ist zu groß (höchstens 5 MB). Bitte teilen Sie sie auf.", 413);

const saveAsXlsx = "Bitte öffnen Sie die Datei in Excel und speichern Sie sie über „Datei → " +
  "Speichern unter → Excel-Arbeitsmappe (*.xlsx)“; dann laden Sie die .xlsx-Datei hoch.";

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** True when the bytes hold `text` in UTF-16LE, as names inside an OLE compound file are stored. */
function hasUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) needle[i * 2] = text.charCodeAt(i);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Reads an upload into rows; the first non-empty row is the header. */
export async function readUpload(fileName: string, bytes: Uint8Array): Promise<SheetRow[]> {
  const name = fileName.toLowerCase();
  if (bytes.length === 0) throw refuse("Die Datei ist leer.");
  if (bytes.length > maxFileBytes) throw tooLarge();
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // An OLE compound file: either a legacy .xls or an .xlsx encrypted with a password.
    if (hasUtf16(bytes, "EncryptedPackage")) {
      throw refuse(
        "Die Arbeitsmappe ist mit einem Passwort geschützt. Bitte entfernen Sie den Schutz in " +
          "Excel („Datei → Informationen → Arbeitsmappe schützen“) und laden Sie sie erneut hoch.",
        415,
      );
    }
    throw refuse(`Das alte Excel-Format (.xls) wird nicht unterstützt. ${saveAsXlsx}`, 415);
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return await readXlsx(bytes);
  }
  if (name.endsWith(".xlsx") || name.endsWith(".xls") || name.endsWith(".xlsm")) {
    throw refuse(
      `Die Datei „${fileName}“ ist keine Excel-Arbeitsmappe, obwohl ihr Name so endet. ` +
        saveAsXlsx,
      415,
    );
  }
  if (name.endsWith(".csv") || name.endsWith(".txt")) return readCsv(bytes);
  throw refuse("Bitte laden Sie eine Excel-Datei (.xlsx) oder eine CSV-Datei (.csv) hoch.", 415);
}

const broken = () =>
  refuse(`Die Datei ist beschädigt und kann nicht gelesen werden. ${saveAsXlsx}`);

async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  const entries = zipEntries(bytes);
  if (!entries) throw broken();
  if (!entries.some((e) => e.name === "xl/workbook.xml")) {
    throw refuse(`Die Datei ist keine Excel-Arbeitsmappe. ${saveAsXlsx}`, 415);
  }
  // A 5,000-row template is about 4 MB of XML; 60 MB leaves room for styles and long notes.
  const limits = { maxEntries: 500, maxTotalBytes: 60 * 1024 * 1024, maxRatio: 200 };
  const declared = zipBombReason(entries, limits);
  const actual = declared ?? inflatedReason(bytes, entries, limits.maxTotalBytes);
  if (actual === "broken") throw broken();
  if (actual) {
    throw refuse(
      "Die Datei ist entpackt unverhältnismäßig groß und wird aus Sicherheitsgründen nicht " +
        "gelesen. Bitte speichern Sie nur die Tabelle mit den Daten als neue .xlsx-Datei.",
      413,
    );
  }
  const rowCount = countSheetRows(bytes, entries);
  if (rowCount === "broken") throw broken();
  if (rowCount.valueRows > maxDataRows + 1) throw tooManyRows();
  if (rowCount.rowElements > maxRowElements) {
    throw refuse(
      `Die Tabelle enthält ${rowCount.rowElements.toLocaleString("de-DE")} Zeilen, die meisten ` +
        "davon leer, aber formatiert. Bitte löschen Sie die leeren Zeilen unter Ihren Daten " +
        "(Zeilen markieren → „Zellen löschen“) oder kopieren Sie nur die Daten in eine neue " +
        "Arbeitsmappe.",
      413,
    );
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.slice().buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw broken();
  }
  // The data sheet: the first one that is not the template's Anleitung and holds anything.
  const sheet = workbook.worksheets.find((s) =>
    s.name.trim().toLowerCase() !== "anleitung" && s.actualRowCount > 0
  );
  if (!sheet) throw refuse("Die Tabelle ist leer: Es wurden keine Zeilen gefunden.");
  if (sheet.actualRowCount > maxDataRows + 1) throw tooManyRows();
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based (index 0 is empty).
    rows.push({ line, cells: (row.values as unknown[]).slice(1) });
  });
  return rows;
}

const tooManyRows = () =>
  refuse(
    `Die Datei hat mehr als ${maxDataRows.toLocaleString("de-DE")} Zeilen. Bitte teilen ` +
      "Sie sie in kleinere Dateien auf.",
    413,
  );

/** UTF-8 (with or without byte-order mark) when it decodes cleanly, else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // German Excel's "CSV (Trennzeichen-getrennt)" writes Windows-1252 (ä = 0xE4).
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function readCsv(bytes: Uint8Array): SheetRow[] {
  if (bytes.includes(0)) {
    throw refuse(
      "Die Datei ist keine Textdatei (CSV). Bitte speichern Sie sie als .xlsx oder CSV.",
    );
  }
  const text = decodeText(bytes);
  // The first lines decide (a title line above the table may hold no separator at all).
  const head = text.split(/\r?\n/, 5).join("\n");
  const count = (ch: string) => head.split(ch).length - 1;
  // German Excel separates with ';' (the comma is the decimal mark); others with ','.
  const delimiter = count(";") >= count(",") ? (count(";") || !count("\t") ? ";" : "\t") : ",";
  const parsed = Papa.parse(text, { delimiter, skipEmptyLines: false });
  const data = parsed.data as string[][];
  if (data.length > maxDataRows + 1 + 1000) throw tooManyRows();
  const rows: SheetRow[] = data
    .map((cells: string[], i: number): SheetRow => ({ line: i + 1, cells: cells as unknown[] }))
    .filter((row) => row.cells.some((c) => cellText(c) !== ""));
  if (rows.length === 0) throw refuse("Die Tabelle ist leer: Es wurden keine Zeilen gefunden.");
  if (rows.length > maxDataRows + 1) throw tooManyRows();
  return rows;
}
