/** One cell of an exported row (CSV or spreadsheet), in header order. */
export type ExportCell = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

/**
 * Neutralises a text cell that a spreadsheet would run as a formula (it starts with =, +, -, @,
 * tab or CR) by putting an apostrophe in front (CSV/formula injection). Numbers stay numbers.
 */
export function neutralise(value: ExportCell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return formulaStart.test(value) ? `'${value}` : value;
}
