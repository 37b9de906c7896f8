import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { AppError, invalid } from "./errors.ts";

// zod's own messages (the `details` of a 400) in German, for every schema of the API.
z.config(z.locales.de());

/** How zod's German locale starts its messages; our schemas' own messages never start so. */
const zodDefaultMessage =
  /^(Ungültige (Eingabe|Option|Zahl: muss)|Ungültig: |Ungültiger (Schlüssel|String|Wert)|Zu (klein|groß): erwartet|Unbekannter? Schlüssel)/;

/**
 * The `error` of a failed validation: the first issue's message (schemas carry German
 * messages), or which field it was where zod only has its generic text.
 */
export function validationMessage(issues: z.core.$ZodIssue[]): string {
  const first = issues[0];
  return first?.message && !zodDefaultMessage.test(first.message)
    ? first.message
    : `Ungültige Eingabe im Feld „${first?.path.join(".") || "Anfrage"}“.`;
}

/** Our German error body for failed zod validation; all issues go into `details`. */
function validationError(issues: z.core.$ZodIssue[]): AppError {
  return new AppError(
    400,
    "validation_failed",
    validationMessage(issues),
    issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  );
}

/**
 * zod validation of a request part as Hono middleware; failure answers our German 400, and so
 * does a JSON body that is no JSON (read once here; Hono keeps it for the validator).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
  });
  if (target !== "json") return validator;
  return createMiddleware(async (c, next) => {
    await c.req.json().catch(() => {
      throw invalid("Die Anfrage enthält kein gültiges JSON.");
    });
    return await validator(c, next);
    // The validator's type carries the body type that c.req.valid("json") answers.
  }) as unknown as typeof validator;
}

/**
 * zod parsing with the same German 400 as validate(), for input whose schema is only known
 * inside the handler (PUT /users/{id}/ picks it by the stored role, the user list by the role).
 */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}
