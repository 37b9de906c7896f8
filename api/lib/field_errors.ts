import { AppError } from "./errors.ts";

/** One field's German error, under the payload's field name (the form marks that field). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Collects the German errors of a payload's fields, so one answer names every mistake instead of
 * the first one per save (issue 25). The checks stay ordinary functions that throw `invalid()`;
 * `check` runs one and keeps its error under the field's name.
 */
export class FieldErrors {
  readonly issues: FieldIssue[] = [];

  /** Runs one field's check; a German 400 it throws is kept, anything else goes on up. */
  check<T>(path: string, run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "validation_failed") throw error;
      // A part that collected its own fields (the personal data) keeps their names.
      const inner = (error.details ?? []).filter(isFieldIssue);
      this.issues.push(...(inner.length ? inner : [{ path, message: error.message }]));
      return undefined;
    }
  }

  /** Throws one 400 naming every collected error; the first one's message is `error`. */
  throwIfAny(): void {
    if (this.issues.length === 0) return;
    throw new AppError(400, "validation_failed", this.issues[0].message, this.issues);
  }
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return typeof value === "object" && value !== null && "path" in value && "message" in value &&
    typeof value.path === "string" && value.path !== "";
}
