import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error whose German message may be shown to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

/** The body every non-2xx answer carries. */
export function errorBody(code: string, error: string, details?: unknown[]) {
  return details ? { error, code, details } : { error, code };
}

/** A 400 answer whose German message the screens show as it is. */
export function invalid(message: string): AppError {
  return new AppError(400, "validation_failed", message);
}

export const notFound = (what = "Eintrag") =>
  new AppError(404, "not_found", `${what} wurde nicht gefunden.`);
