import { ApiError } from "../../lib/api.ts";

/** The spec's fallback text when the server gives no reason (spec 01 §8). */
export const loginFallbackMessage = "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.";

/** The text the login screen shows for a failed call: the server's `error`, else the fallback. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { error?: unknown } | undefined;
    if (typeof body?.error === "string" && body.error) return body.error;
    // No answer at all (offline): the API client's German connection message says what to do.
    if (err.status === 0) return err.message;
  }
  return loginFallbackMessage;
}
