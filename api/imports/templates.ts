import ExcelJS from "exceljs";
import {
  type Column,
  columnsFor,
  columnsWithPickupPoints,
  type Role,
  roleLabel,
} from "./columns.ts";

export const templateFileName: Record<Role, string> = {
  instructor: "fahrlehrer-vorlage.xlsx",
  student: "schueler-vorlage.xlsx",
};

/** Rows below the header that get drop-downs: room for a whole school (limit is 5,000). */
const validatedRows = 5000;

function columnLetter(n: number): string {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) {
    s = String.fromCharCode(65 + (x - 1) % 26) + s;
  }
  return s;
}

/** A time as an Excel time cell (a day fraction), so Excel shows and edits it as hh:mm. */
function timeCell(text: string): number {
  const [h, m] = text.split(":").map(Number);
  return (h * 60 + m) / 1440;
}

/** exceljs 4.4 has worksheet.dataValidations, but its type declarations leave it out. */
function validations(sheet: ExcelJS.Worksheet) {
  return (sheet as unknown as {
    dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void };
  }).dataValidations;
}

function cellValue(column: Column, value: string | number): ExcelJS.CellValue {
  if (value === "") return null;
  if (column.time && typeof value === "string") return timeCell(value);
  return value;
}

/**
 * A template workbook: the role's sheet with a frozen bold header, drop-downs for fixed values,
 * time columns formatted hh:mm, the given rows (the template's example row by default), and the
 * "Anleitung" sheet explaining each column.
 */
export function buildWorkbook(
  role: Role,
  rows: Record<string, string | number>[] = [exampleRow(role)],
  options: { pickupPoints?: readonly string[] } = {},
): ExcelJS.Workbook {
  const columns = columnsWithPickupPoints(role, options.pickupPoints);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Fahrplan";
  const sheet = workbook.addWorksheet(roleLabel[role].sheet, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.time ? { numFmt: "hh:mm" } : undefined,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE8F0FE" } };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, cellValue(c, row[c.key] ?? "")])));
  }
  columns.forEach((column, i) => {
    const letter = columnLetter(i + 1);
    const range = `${letter}2:${letter}${validatedRows + 1}`;
    // Excel takes a list of at most 255 characters; a longer one goes without a drop-down (the
    // import checks the names all the same).
    if (column.list && column.list.join(",").length <= 250) {
      validations(sheet).add(range, {
        type: "list",
        allowBlank: !column.required,
        formulae: [`"${column.list.join(",")}"`],
        showErrorMessage: true,
        errorTitle: column.header,
        error: `Bitte wählen Sie: ${column.list.join(", ")}.`,
      });
    }
  });
  addGuide(workbook, role, columns);
  return workbook;
}

function addGuide(workbook: ExcelJS.Workbook, role: Role, columns: Column[]) {
  const guide = workbook.addWorksheet("Anleitung");
  guide.columns = [
    { header: "Spalte", key: "column", width: 26 },
    { header: "Pflicht", key: "required", width: 9 },
    { header: "Erklärung und Beispiel", key: "help", width: 100 },
  ];
  guide.getRow(1).font = { bold: true };
  guide.views = [{ state: "frozen", ySplit: 1 }];
  for (const column of columns) {
    guide.addRow({
      column: column.header,
      required: column.required ? "ja" : "",
      help: column.help,
    })
      .getCell("help").alignment = { wrapText: true };
  }
  guide.addRow({});
  const notes = [
    `Eine Zeile pro ${roleLabel[role].one}. Die Kopfzeile bitte nicht ändern; die Reihenfolge ` +
    "der Spalten ist egal, zusätzliche Spalten werden ignoriert.",
    "Die Beispielzeile 2 wird beim Import übersprungen; Sie können sie überschreiben oder löschen.",
    "Uhrzeiten als „08:00“, „8:00“, „8.00“ oder „8 Uhr“; Daten als „01.07.2027“.",
    "Zugangsdaten (Benutzername und Passwort) erzeugt Fahrplan beim Import und zeigt sie einmalig an.",
    "Speichern Sie die Datei als Excel-Arbeitsmappe (.xlsx) oder als CSV; höchstens 5 MB und " +
    "5.000 Zeilen.",
  ];
  for (const note of notes) {
    guide.addRow({ column: "Hinweis", help: note }).getCell("help").alignment = { wrapText: true };
  }
}

/** The example row of the template: each column's example value. */
export function exampleRow(role: Role): Record<string, string | number> {
  return Object.fromEntries(columnsFor[role].map((c) => [c.key, c.example]));
}

/** The workbook as the bytes of an .xlsx file. */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
}

export const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
