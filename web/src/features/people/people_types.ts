import type { FieldErrors } from "../../lib/field_errors.ts";
import type { PersonRow } from "../../../../common/contract/person_row.ts";
import { type WorkdayKey, workdayKeys } from "../../lib/german_dates.ts";

export type { PersonRow };

/** The answer of a create-manual call: the new person's sign-in, shown once. */
export type { CreatedPerson as CreatedAnswer } from "../../lib/api_types.ts";

/** The name a row shows: the full name, else the username (spec 02 §2). */
export function displayName(row: PersonRow): string {
  return row.full_name?.trim() || row.username;
}

/** Hours as the lists show them: whole numbers plain, others with one decimal comma. */
export function formatHours(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(".", ",");
}

let nextKey = 1;
/** A React key for rows the user adds and removes. */
export function rowKey(): number {
  return nextKey++;
}

/** A from/to pair of times or dates, as typed. */
export interface RangeRow {
  key: number;
  start: string;
  end: string;
}

/** A new, empty from/to row. */
export function rangeRow(): RangeRow {
  return { key: rowKey(), start: "", end: "" };
}

/** Stored from/to pairs as form rows, each value passed through `show` (e.g. 'HH:MM'). */
export function rangeRows(
  stored: { start: string | null; end: string | null }[] | undefined,
  show: (value: string) => string = (value) => value,
): RangeRow[] {
  return (stored ?? []).map((r) => ({
    key: rowKey(),
    start: show(r.start ?? ""),
    end: show(r.end ?? ""),
  }));
}

/** The complete from/to pairs of a payload; a half-filled row is dropped. */
export function completeRanges(rows: RangeRow[]): { start: string; end: string }[] {
  return rows.filter((r) => r.start && r.end).map(({ start, end }) => ({ start, end }));
}

/**
 * A from/to row with only one side filled (issue 14, problem 2): it used to be dropped without a
 * word; now the save stops and names the row. '' when every row is complete or empty.
 */
export function incompleteRangeProblem(rows: RangeRow[], name: string): string {
  const index = rows.findIndex((r) => !!r.start !== !!r.end);
  if (index < 0) return "";
  const row = rows[index];
  return `${name} ${index + 1}: Bitte geben Sie ${
    row.start ? "auch das Ende" : "auch den Beginn"
  } an oder leeren Sie die Zeile. Es wurde nichts gespeichert.`;
}

/** One value per workday, Monday to Friday, each made fresh. */
export function perWorkday<T>(make: () => T): Record<WorkdayKey, T> {
  return Object.fromEntries(workdayKeys.map((day) => [day, make()])) as Record<WorkdayKey, T>;
}

/** The personal data both forms edit. */
export interface PersonFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** the detail's version the form was loaded at; the save sends it back (409 when outdated) */
  version?: number;
}

/** The personal data of the forms: blank, from the stored person, its check and its payload. */
export const person = {
  empty(): PersonFields {
    return { first_name: "", last_name: "", email: "", phone: "" };
  },
  fromDetail(detail: PersonRow & { version?: number }): PersonFields {
    return {
      first_name: detail.first_name ?? "",
      last_name: detail.last_name ?? "",
      email: detail.email ?? "",
      phone: detail.phone ?? "",
      ...(detail.version === undefined ? {} : { version: detail.version }),
    };
  },
  /** The names check of every person form (spec 02 §5), each name beside its field. */
  problems(form: PersonFields): FieldErrors {
    const errors: FieldErrors = {};
    if (!form.first_name.trim()) errors.first_name = "Bitte geben Sie den Vornamen ein.";
    if (!form.last_name.trim()) errors.last_name = "Bitte geben Sie den Nachnamen ein.";
    return errors;
  },
  /** The personal data of a payload, trimmed. */
  payload(form: PersonFields): PersonFields {
    return {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      ...(form.version === undefined ? {} : { version: form.version }),
    };
  },
};
