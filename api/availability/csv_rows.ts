import Papa from "papaparse";
import { AppError } from "../lib/errors.ts";
import { germanWeekdayNames } from "../../common/german_words.ts";
import { formatMinutes } from "../../common/time.ts";

/**
 * The availability import format (docs/features.md, "Availability CSV import"):
 *
 *   username;day_of_week;start_time;end_time
 *   anna.schmidt;1;08:00;12:00
 *   max.mueller;Dienstag;14:00;18:30
 *
 * - UTF-8, with or without byte-order mark; separated by `;` or `,` (the more frequent one in
 *   the first line wins); fields may be quoted.
 * - The header line is optional; when present it may order the four columns freely.
 * - day_of_week: 1 (Montag) to 7 (Sonntag) or the German day name (also "Mo", "Di", ...).
 * - start_time, end_time: HH:MM (or HH:MM:SS); the end must lie after the start.
 * - Each line becomes one weekly row of an existing instructor ('work') or student ('available'),
 *   on a planned weekday only (docs/decisions/0012-one-availability-model.md).
 */
export const importColumns = ["username", "day_of_week", "start_time", "end_time"] as const;

/** One checked line of the file. */
export interface ImportLine {
  line: number;
  username: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
}

const rowError = (line: number, message: string) =>
  new AppError(400, "import_failed", `Zeile ${line}: ${message}`);

const dayAliases = new Map<string, number>();
germanWeekdayNames.forEach((name, i) => {
  dayAliases.set(name.toLowerCase(), i + 1);
  dayAliases.set(name.slice(0, 2).toLowerCase(), i + 1);
});

function day(value: string, line: number): number {
  const text = value.trim().toLowerCase().replace(/\.$/, "");
  const n = /^[1-7]$/.test(text) ? Number(text) : dayAliases.get(text);
  if (!n) throw rowError(line, `Unbekannter Wochentag „${value}“ (1–7 oder Montag–Sonntag).`);
  return n;
}

function minutes(value: string, line: number, label: string): number {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(value.trim());
  if (!match) throw rowError(line, `Ungültige ${label} „${value}“ (erwartet HH:MM).`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Decodes the upload as UTF-8 (a byte-order mark is dropped); other encodings are refused. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError(
      400,
      "import_failed",
      "Die Datei ist nicht UTF-8-kodiert. Bitte speichern Sie sie als „CSV UTF-8“.",
    );
  }
}

// deno-lint-ignore no-control-regex
const controlCharacter = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

function guessDelimiter(text: string): ";" | "," {
  const firstLine = text.split(/\r?\n/).find((l) => l.trim()) ?? "";
  const count = (ch: string) => firstLine.split(ch).length - 1;
  return count(",") > count(";") ? "," : ";";
}

/**
 * Parses and checks every line; the first bad line throws a 400 naming its line number.
 * Usernames are only checked for form here; whether they exist is the caller's question.
 */
export function parseImportCsv(text: string): ImportLine[] {
  const parsed = Papa.parse(text, { delimiter: guessDelimiter(text) });
  const rows = parsed.data as string[][];
  let order: number[] = [0, 1, 2, 3];
  const lines: ImportLine[] = [];
  rows.forEach((cells, index) => {
    const line = index + 1;
    if (cells.every((cell) => !cell.trim())) return;
    const lowered = cells.map((cell) => cell.trim().toLowerCase());
    if (lines.length === 0 && lowered.includes("username")) {
      order = importColumns.map((name) => lowered.indexOf(name));
      const missing = importColumns.filter((_, i) => order[i] < 0);
      if (missing.length) {
        throw rowError(
          line,
          `Es fehlt die Spalte „${missing[0]}“ (erwartet ${importColumns.join(";")}).`,
        );
      }
      return;
    }
    if (cells.length < 4) {
      throw rowError(
        line,
        `Erwartet 4 Spalten (${importColumns.join(";")}), gefunden ${cells.length}.`,
      );
    }
    const [username, dayText, startText, endText] = order.map((i) => (cells[i] ?? "").trim());
    if (!username) throw rowError(line, "Der Benutzername fehlt.");
    if (controlCharacter.test(username)) {
      throw rowError(line, "Der Benutzername enthält unzulässige Steuerzeichen.");
    }
    const start = minutes(startText, line, "Startzeit");
    const end = minutes(endText, line, "Endzeit");
    if (end <= start) throw rowError(line, "Die Endzeit muss nach der Startzeit liegen.");
    lines.push({
      line,
      username,
      day_of_week: day(dayText, line),
      start_time: formatMinutes(start),
      end_time: formatMinutes(end),
    });
  });
  if (!lines.length) {
    throw new AppError(400, "import_failed", "Die Datei enthält keine Verfügbarkeiten.");
  }
  return lines;
}
