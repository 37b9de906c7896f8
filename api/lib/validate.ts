import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "./errors.ts";

/**
 * zod validation whose failure is our German error body. The first issue's message becomes
 * `error` (schemas carry German messages), all issues go into `details`.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      const first = issues[0];
      const message = first?.message && !first.message.startsWith("Invalid")
        ? first.message
        : `Ungültige Eingabe im Feld „${first?.path.join(".") || "Anfrage"}“.`;
      throw new AppError(
        400,
        "validation_failed",
        message,
        issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      );
    }
  });
}
