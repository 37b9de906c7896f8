import { ApiError } from "./api.ts";

/** A form's errors by field name (the payload's names, e.g. first_name); {} when all is well. */
export type FieldErrors = Record<string, string>;

/**
 * The server's field errors of a refused save (details[].path → message, issue 25): the first
 * message of each field, under the path's first part ("work_schedule.0.start" → work_schedule).
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return {};
  const errors: FieldErrors = {};
  for (const detail of details) {
    const path = typeof detail?.path === "string" ? detail.path.split(".")[0] : "";
    if (path && typeof detail.message === "string" && !(path in errors)) {
      errors[path] = detail.message;
    }
  }
  return errors;
}

/** The sentence above a form with marked fields. */
export function markedFieldsSummary(errors: FieldErrors): string {
  const n = Object.keys(errors).length;
  if (n === 0) return "";
  return n === 1
    ? "Bitte prüfen Sie die rot markierte Angabe."
    : `Bitte prüfen Sie die ${n} rot markierten Angaben.`;
}
