/**
 * From sheet rows to checked people: headers matched by name, each cell read the way a person
 * means it, every problem named by row and column. The people module's own payload checks
 * (instructorData, studentCreateData) then apply the same rules as the create forms.
 */
import type { RowIssue } from "../../common/contract/imports.ts";
import { AppError } from "../lib/errors.ts";
import { type InstructorData, instructorData } from "../people/instructor_payload.ts";
import { studentCreateData, type StudentData } from "../people/student_payload.ts";
import { germanWeekdayNames as germanDays } from "../../common/german_words.ts";
import { parseEmail } from "../people/values.ts";
import {
  cellText,
  plainValue,
  type Read,
  readDateRanges,
  readTime,
  readTimeRanges,
  readYesNo,
  shown,
  squash,
} from "./cell_values.ts";
import { columnsFor, exampleEmail, headerIndex, type Role } from "./columns.ts";
import type { SheetRow } from "./read_file.ts";

/** One problem of the file; `message` is the whole German sentence. */
/** A bad row or header, named by row and column (the contract's RowIssue). */
export type RowError = RowIssue;

/** A row that passed every check, ready to be created. */
export interface CheckedRow {
  row: number;
  name: string;
  email: string;
  /** German one-line summary of what was understood, for the preview. */
  summary: string;
  data: InstructorData | StudentData;
}

export interface CheckedFile {
  rows: CheckedRow[];
  /** Rows left out on purpose (the template's example row). */
  exampleRows: { row: number; name: string; email: string }[];
  errors: RowError[];
}

const shortDay = (day: number) => germanDays[day - 1].slice(0, 2);

/** Finds the columns by header; answers key → cell index and the file's header text per key. */
function matchHeaders(role: Role, header: SheetRow) {
  const index = headerIndex(role);
  const at = new Map<string, number>();
  const label = new Map<string, string>();
  const errors: RowError[] = [];
  header.cells.forEach((cell, i) => {
    const text = cellText(cell);
    const key = index.get(squash(text.replace(/\*$/, "")));
    if (!key) return; // extra columns are fine
    if (at.has(key)) {
      errors.push({
        row: header.line,
        column: text,
        message: `Zeile ${header.line}: Die Spalte „${text}“ kommt doppelt vor.`,
      });
      return;
    }
    at.set(key, i);
    label.set(key, text);
  });
  const hasNames = at.has("full_name") || (at.has("first_name") && at.has("last_name"));
  for (const column of columnsFor[role]) {
    if (!column.required || at.has(column.key)) continue;
    if ((column.key === "first_name" || column.key === "last_name") && hasNames) continue;
    errors.push({
      row: header.line,
      column: column.header,
      message: `Die Spalte „${column.header}“ fehlt in der Kopfzeile (Zeile ${header.line}).`,
    });
  }
  for (const column of columnsFor[role]) {
    if (!label.has(column.key)) label.set(column.key, column.header);
  }
  return { at, label, errors };
}

/**
 * The header row: of the first 10 rows the one naming the most known columns, so a title line
 * or a blank-looking row above the table ("Fahrschüler 2027") does not hide the header.
 */
function headerRowIndex(role: Role, sheet: SheetRow[]): number {
  const index = headerIndex(role);
  let best = 0;
  let bestCount = -1;
  sheet.slice(0, 10).forEach((row, i) => {
    const count = row.cells.filter((c) => index.has(squash(cellText(c).replace(/\*$/, "")))).length;
    if (count > bestCount) [best, bestCount] = [i, count];
  });
  return best;
}

/**
 * Checks every data row of a file for one role. `pickupPoints`: the school's Treffpunkte, which
 * the Startort column accepts (the spec's four places when not given).
 */
export function checkRows(
  role: Role,
  sheet: SheetRow[],
  options: { pickupPoints?: readonly string[] } = {},
): CheckedFile {
  const start = headerRowIndex(role, sheet);
  const [header, ...body] = sheet.slice(start);
  const { at, label, errors } = matchHeaders(role, header);
  const out: CheckedFile = { rows: [], exampleRows: [], errors };
  if (errors.length) return out;
  const seen = new Map<string, number>();
  const example = exampleEmail(role);
  for (const sheetRow of body) {
    const cell = (key: string) => {
      const i = at.get(key);
      return i === undefined ? null : plainValue(sheetRow.cells[i]);
    };
    if ([...at.values()].every((i) => cellText(sheetRow.cells[i]) === "")) continue;
    const row = new RowReader(sheetRow.line, cell, label, new Set(at.keys()));
    for (const [key, i] of at) {
      // Files written by programs (not Excel) may hold formulas nobody has calculated yet.
      if (isUncalculated(sheetRow.cells[i])) {
        row.fail(
          key,
          "Die Formel hat keinen berechneten Wert; bitte die Datei in Excel öffnen und speichern",
        );
      }
    }
    const email = row.email();
    if (email === example) {
      const name = `${row.text("first_name")} ${row.text("last_name")}`.trim();
      out.exampleRows.push({ row: sheetRow.line, name: name || row.text("full_name"), email });
      continue;
    }
    if (email) {
      const first = seen.get(email);
      if (first !== undefined) {
        row.fail("email", `„${email}“ steht schon in Zeile ${first}`);
      } else seen.set(email, sheetRow.line);
    }
    const checked = role === "instructor"
      ? instructorRow(row)
      : studentRow(row, options.pickupPoints ?? defaultPickupPoints());
    if (row.errors.length) out.errors.push(...row.errors);
    else if (checked) out.rows.push({ ...checked, row: sheetRow.line, email });
  }
  return out;
}

function isUncalculated(value: unknown): boolean {
  if (!value || typeof value !== "object" || value instanceof Date) return false;
  const v = value as Record<string, unknown>;
  return ("formula" in v || "sharedFormula" in v) && v.result === undefined;
}

/** Reads the cells of one row; collects one error per bad cell. */
class RowReader {
  errors: RowError[] = [];
  constructor(
    readonly line: number,
    readonly cell: (key: string) => unknown,
    private label: Map<string, string>,
    private present: Set<string>,
  ) {}

  fail(key: string, reason: string) {
    const column = this.label.get(key) ?? key;
    this.errors.push({
      row: this.line,
      column,
      message: `Zeile ${this.line}, Spalte „${column}“: ${reason}.`,
    });
  }

  /** An error of the whole row (from the people module's checks). */
  failRow(message: string) {
    this.errors.push({ row: this.line, column: "", message: `Zeile ${this.line}: ${message}` });
  }

  text(key: string): string {
    return cellText(this.cell(key));
  }

  take<T>(key: string, read: Read<T>): T | undefined {
    if (read.ok) return read.value;
    this.fail(key, read.reason);
    return undefined;
  }

  names(): { first_name: string; last_name: string } {
    let first = this.text("first_name");
    let last = this.text("last_name");
    const full = this.text("full_name").replace(/\s+/g, " ");
    if (!first && !last && full) {
      // "Schmidt, Anna" or "Anna Schmidt": the last word is the last name.
      const comma = full.split(",").map((p) => p.trim());
      if (comma.length === 2) [last, first] = comma;
      else {
        const cut = full.lastIndexOf(" ");
        [first, last] = cut > 0 ? [full.slice(0, cut), full.slice(cut + 1)] : ["", full];
      }
    }
    const nameKey = (k: string) => this.present.has(k) ? k : "full_name";
    if (!first) this.fail(nameKey("first_name"), "Der Vorname fehlt");
    if (!last) this.fail(nameKey("last_name"), "Der Nachname fehlt");
    return { first_name: first, last_name: last };
  }

  /** The personal fields of a people payload, with the e-mail as email() read it. */
  person(names: { first_name: string; last_name: string }) {
    return { ...names, email: this.email(), phone: this.text("phone") };
  }

  vacations() {
    return this.take("vacations", readDateRanges(this.cell("vacations"))) ?? [];
  }

  private readEmail?: string;

  /** The e-mail, lower-case and without "mailto:"; read (and its error reported) once. */
  email(): string {
    if (this.readEmail !== undefined) return this.readEmail;
    const text = this.text("email").replace(/^mailto:/i, "").toLowerCase();
    this.readEmail = "";
    if (!text) this.fail("email", "Die E-Mail-Adresse fehlt (sie verhindert doppelte Konten)");
    else {
      try {
        this.readEmail = parseEmail(text);
      } catch {
        this.fail("email", `„${shown(text)}“ ist keine gültige E-Mail-Adresse`);
      }
    }
    return this.readEmail;
  }

  /** A from/to pair of time cells; both empty is nothing, one of them empty is an error. */
  timeRange(startKey: string, endKey: string): { start: string; end: string } | undefined {
    const hasStart = this.text(startKey) !== "";
    const hasEnd = this.text(endKey) !== "";
    if (!hasStart && !hasEnd) return undefined;
    if (!hasEnd) return void this.fail(endKey, `Die Endzeit fehlt (Beginn steht in der Zeile)`);
    if (!hasStart) {
      return void this.fail(startKey, `Die Anfangszeit fehlt (Ende steht in der Zeile)`);
    }
    const start = this.take(startKey, readTime(this.cell(startKey)));
    const end = this.take(endKey, readTime(this.cell(endKey)));
    if (start === undefined || end === undefined) return undefined;
    if (end <= start) return void this.fail(endKey, `${end} liegt nicht nach ${start}`);
    return { start, end };
  }

  choice(key: string, options: Record<string, string>, required: string | null) {
    const text = this.text(key);
    if (!text) {
      if (required) this.fail(key, required);
      return "";
    }
    const found = options[squash(text)];
    if (!found) {
      const allowed = [...new Set(Object.values(options))].map((o) => `„${o}“`).join(", ");
      this.fail(key, `„${shown(text)}“ ist nicht erlaubt (${allowed})`);
      return "";
    }
    return found;
  }

  /** Runs a people-module check; its German 400 becomes an error of this row. */
  check<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return void this.failRow(err.message);
      throw err;
    }
  }
}

const transmissions: Record<string, string> = {
  schaltung: "Schaltung",
  schaltwagen: "Schaltung",
  manuell: "Schaltung",
  manual: "Schaltung",
  schalt: "Schaltung",
  automatik: "Automatik",
  automatic: "Automatik",
  auto: "Automatik",
  beide: "beide",
  both: "beide",
  schaltungundautomatik: "beide",
  automatikundschaltung: "beide",
  schaltungautomatik: "beide",
  automatikschaltung: "beide",
};

const transmissionTypes: Record<string, string[]> = {
  Schaltung: ["manual"],
  Automatik: ["automatic"],
  beide: ["manual", "automatic"],
};

function instructorRow(row: RowReader) {
  const names = row.names();
  const transmission = row.choice(
    "transmission",
    transmissions,
    "Bitte „Schaltung“, „Automatik“ oder „beide“ eintragen",
  );
  const hours = row.text("monthly_hours_target");
  if (hours && !/^\d{1,3}$/.test(hours)) {
    row.fail("monthly_hours_target", `„${shown(hours)}“ ist keine ganze Zahl von 0 bis 400`);
  }
  const work: { day: number; start: string; end: string }[] = [];
  for (const day of [1, 2, 3, 4, 5, 6]) {
    const range = row.timeRange(`work_${day}_start`, `work_${day}_end`);
    if (range) work.push({ day, ...range });
  }
  const pause = row.timeRange("break_start", "break_end");
  const vacations = row.vacations();
  if (row.errors.length) return undefined;
  const data = row.check(() =>
    instructorData({
      ...row.person(names),
      transmission_types: transmissionTypes[transmission],
      monthly_hours_target: hours || 0,
      work_schedule: work,
      breaks: pause ? [pause] : [],
      vacation_periods: vacations,
    }, "create")
  );
  if (!data) return undefined;
  const days = work.map((w) => `${shortDay(w.day)} ${w.start}–${w.end}`).join(", ");
  const parts = [
    `Getriebe: ${transmission}`,
    days ? `Arbeitszeiten: ${days}` : "keine Arbeitszeiten",
    pause ? `Pause ${pause.start}–${pause.end}` : "",
    vacations.length ? `Urlaub: ${vacations.length} Zeitraum/Zeiträume` : "",
  ];
  return {
    name: `${names.first_name} ${names.last_name}`,
    summary: parts.filter(Boolean).join(" · "),
    data,
  };
}

const classes: Record<string, string> = { b: "B", b78: "B78", b197: "B197" };

/** The spec's four places, the column's list in the code (migration 0041 starts with them). */
function defaultPickupPoints(): readonly string[] {
  return columnsFor.student.find((c) => c.key === "start_location")!.list!;
}

function locationOptions(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const firstWord = (place: string) => squash(place.split(" ")[0]);
  for (const place of list) {
    out[squash(place)] = place;
    // "Lüdo" for "Lüdo Bus Bhf.", where no other place starts with the same word.
    if (list.filter((other) => firstWord(other) === firstWord(place)).length === 1) {
      out[firstWord(place)] ??= place;
    }
  }
  return out;
}

function studentRow(row: RowReader, pickupPoints: readonly string[]) {
  const names = row.names();
  const licence = row.choice(
    "license_class",
    classes,
    "Bitte eine Führerscheinklasse eintragen (B, B78 oder B197)",
  );
  const location = row.choice("start_location", locationOptions(pickupPoints), null);
  const holidays = row.take(
    "available_in_holidays",
    readYesNo(row.cell("available_in_holidays"), true),
  );
  const school: { day: number; start: string; end: string }[] = [];
  const arrivals: { day: number; time: string }[] = [];
  const free: { day: number; period: number; start: string; end: string }[] = [];
  for (const day of [1, 2, 3, 4, 5, 6]) {
    const range = row.timeRange(`school_${day}_start`, `school_${day}_end`);
    if (range) school.push({ day, ...range });
    if (row.text(`arrival_${day}`)) {
      const time = row.take(`arrival_${day}`, readTime(row.cell(`arrival_${day}`)));
      if (time) arrivals.push({ day, time });
    }
    const periods = row.take(`free_${day}`, readTimeRanges(row.cell(`free_${day}`))) ?? [];
    if (periods.length > 3) row.fail(`free_${day}`, "Höchstens 3 Freistunden pro Tag");
    periods.forEach((p, i) => free.push({ day, period: i + 1, ...p }));
  }
  const vacations = row.vacations();
  if (row.errors.length) return undefined;
  const data = row.check(() =>
    studentCreateData({
      ...row.person(names),
      license_class: licence,
      school_name: row.text("school_name"),
      start_location: location,
      notes: row.text("notes"),
      available_in_holidays: holidays === false ? "nein" : "ja",
      school_schedule: school,
      arrival_times: arrivals,
      free_periods: free,
      vacation_periods: vacations,
    }, { pickupPoints })
  );
  if (!data) return undefined;
  const parts = [
    `Klasse ${licence}`,
    location ? `Startort ${location}` : "",
    arrivals.length
      ? `Ankunft: ${arrivals.map((a) => `${shortDay(a.day)} ${a.time}`).join(", ")}`
      : "",
    free.length
      ? `Freistunden: ${free.map((f) => `${shortDay(f.day)} ${f.start}–${f.end}`).join(", ")}`
      : "",
    `Ferien: ${holidays === false ? "nein" : "ja"}`,
    vacations.length ? `Urlaub: ${vacations.length} Zeitraum/Zeiträume` : "",
  ];
  return {
    name: `${names.first_name} ${names.last_name}`,
    summary: parts.filter(Boolean).join(" · "),
    data,
  };
}
