import { z } from "zod";
import { invalid } from "../lib/errors.ts";
import { isBlank, parseDateRange, parseEmail } from "./values.ts";

/** A free-text field the screens may send as null or leave out. */
export const optionalText = (max: number, label: string) =>
  z.string().max(max, `${label} darf höchstens ${max} Zeichen lang sein.`).nullish();

/** A time or date field as the screens send it (HH:MM, YYYY-MM-DD, '' or null). */
export const looseValue = z.union([z.string().max(40), z.number()]).nullish();

/** The personal fields both roles share; unknown keys (role, is_staff, password, ...) are stripped. */
export const personShape = {
  first_name: optionalText(100, "Der Vorname"),
  last_name: optionalText(100, "Der Nachname"),
  email: optionalText(254, "Die E-Mail-Adresse"),
  phone: optionalText(50, "Die Telefonnummer"),
};

/** The 'Urlaub und Feiertage' rows both roles carry. */
export const vacationPeriods = z.array(z.object({ start: looseValue, end: looseValue })).max(500)
  .nullish();

/** The complete vacation rows as date ranges; half-filled rows are dropped, as the screen does. */
export function vacationRows(rows: z.infer<typeof vacationPeriods>) {
  if (!rows) return undefined;
  return rows
    .map((row, i) => ({ row, name: `Urlaub ${i + 1}` }))
    .filter(({ row }) => !isBlank(row.start) && !isBlank(row.end))
    .map(({ row, name }) => parseDateRange(row.start, row.end, name))
    // The same period twice (a repeated line of a spreadsheet) is one absence: the database
    // refuses identical absences (migration 0020).
    .filter((range, i, all) =>
      all.findIndex((other) => other.start === range.start && other.end === range.end) === i
    );
}

type PersonInput = { first_name?: string | null; last_name?: string | null } & {
  email?: string | null;
  phone?: string | null;
};

/** The users columns a create or update writes; undefined = leave unchanged (updates only). */
export interface PersonFields {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

/**
 * Checks the personal fields. On create both names are required; on update a field left out
 * keeps its stored value, but a name sent empty is refused all the same.
 */
export function personFields(input: PersonInput, mode: "create" | "update"): PersonFields {
  const out: PersonFields = {};
  const required = [
    ["first_name", "Vorname ist erforderlich."],
    ["last_name", "Nachname ist erforderlich."],
  ] as const;
  for (const [key, message] of required) {
    const value = input[key];
    if (value === undefined && mode === "update") continue;
    if (isBlank(value)) throw invalid(message);
    out[key] = value!.trim();
  }
  if (input.email !== undefined) out.email = parseEmail(input.email);
  else if (mode === "create") out.email = "";
  if (input.phone !== undefined || mode === "create") out.phone = (input.phone ?? "").trim();
  return out;
}
