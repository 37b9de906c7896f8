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

export const notFound = (what = "Eintrag") =>
  new AppError(404, "not_found", `${what} wurde nicht gefunden.`);
