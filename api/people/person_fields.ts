import type { z } from "zod";
import {
  looseValue,
  optionalText,
  personShape,
  vacationPeriods,
} from "../../common/contract/people.ts";
import { invalid } from "../lib/errors.ts";
import { FieldErrors } from "../lib/field_errors.ts";
import { isBlank, parseDateRange, parseEmail } from "./values.ts";

export { looseValue, optionalText, personShape, vacationPeriods };

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
  // Every field is checked, so a form with two mistakes hears of both (issue 25).
  const errors = new FieldErrors();
  const required = [
    ["first_name", "Vorname ist erforderlich."],
    ["last_name", "Nachname ist erforderlich."],
  ] as const;
  for (const [key, message] of required) {
    const value = input[key];
    if (value === undefined && mode === "update") continue;
    errors.check(key, () => {
      if (isBlank(value)) throw invalid(message);
      out[key] = value!.trim();
    });
  }
  if (input.email !== undefined) errors.check("email", () => out.email = parseEmail(input.email));
  else if (mode === "create") out.email = "";
  if (input.phone !== undefined || mode === "create") out.phone = (input.phone ?? "").trim();
  errors.throwIfAny();
  return out;
}
