import { useState } from "react";
import { type FieldErrors, markedFieldsSummary } from "../../lib/field_errors.ts";

/**
 * The form fields an error's key stands for, where its name is not the form's: the errors carry
 * the payload's names (client checks and server details alike), the form has its own shape.
 */
export type ErrorFields = Record<string, readonly string[]>;

/**
 * The last save's errors without those the user has corrected since (issue 22: a message stayed
 * until the next save). A field counts as corrected once its value differs from the one the save
 * saw; typing the old value back shows the message again. `problem`, the sentence above the form,
 * counts only the errors still shown, and goes when none is left.
 */
export function useCorrectedErrors<Form extends object>(
  errors: FieldErrors,
  problem: string,
  form: Form,
  errorFields: ErrorFields = {},
): { errors: FieldErrors; problem: string } {
  // The form as the save saw it: taken anew whenever a save brings new errors.
  const [seen, setSeen] = useState({ errors, form });
  const baseline = seen.errors === errors ? seen.form : form;
  if (seen.errors !== errors) setSeen({ errors, form });

  const values = form as Record<string, unknown>;
  const before = baseline as Record<string, unknown>;
  const changed = (key: string) => JSON.stringify(values[key]) !== JSON.stringify(before[key]);
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([key]) => !(errorFields[key] ?? [key]).some(changed)),
  );
  const summarized = problem !== "" && problem === markedFieldsSummary(errors);
  return { errors: shown, problem: summarized ? markedFieldsSummary(shown) : problem };
}
