import type { z } from "zod";
import { AppError } from "../lib/errors.ts";

/**
 * zod parsing with the same German error body as validate(), for a body whose schema is only
 * known after a database read (PUT /users/{id}/ picks it by the stored role).
 */
export function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
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
