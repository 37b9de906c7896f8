import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { AppError } from "./errors.ts";

/**
 * Fields that hold several lines of text (notes, reasons, descriptions): tab and line breaks are
 * allowed there. Everywhere else a line break in a name could make one person look like two in
 * a list or an export.
 */
const multiLineFields = new Set(["notes", "description", "cancel_reason", "reason", "comment"]);

/** C0 control characters and DEL; tab, LF and CR are checked separately. */
// deno-lint-ignore no-control-regex
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const lineBreakOrTab = /[\t\n\r]/;
/** Bidirectional overrides and isolates: they can make "Anna" display as another name. */
const directionOverride = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * No form of the app nests deeper than a handful of levels; a limit far above that keeps the
 * checks (and every validator after them) from running out of stack on a hostile body.
 */
export const maxNesting = 32;

/** JSON under any spelling of its media type (case-insensitive, `+json` suffixes). */
const jsonMediaType = /^application\/([\w.-]+\+)?json$/;

/**
 * The routes that take a file upload (multipart/form-data). Every other route answers 415 to a
 * multipart body, and these parse theirs themselves, after the role check.
 */
const uploadRoutes = [
  /^\/api\/admin\/import\/(students|instructors)\/$/,
  /^\/api\/admin\/availabilities\/import\/$/,
];

/** The German 400 for a field; `field` is the path as the form knows it (e.g. "first_name"). */
function refused(field: string): AppError {
  return new AppError(
    400,
    "invalid_characters",
    `Das Feld „${field}“ enthält unzulässige Steuerzeichen.`,
    [{ path: field, message: "Unzulässige Steuerzeichen (z. B. Nullbyte, Zeilenumbruch)." }],
  );
}

function tooDeep(): AppError {
  return new AppError(400, "too_deep", "Die Anfrage ist zu tief verschachtelt.");
}

function unsupportedType(): AppError {
  return new AppError(
    415,
    "unsupported_media_type",
    "Dieses Datenformat wird hier nicht angenommen. Bitte senden Sie JSON.",
  );
}

/**
 * Throws for the first string in `value` (any depth up to maxNesting) that holds a character it
 * may not hold, and for a value nested deeper than that.
 */
export function checkStrings(value: unknown, path = "", depth = 0): void {
  if (typeof value === "string") {
    const field = path.split(".").at(-1) ?? "";
    const lineBreaksAllowed = multiLineFields.has(field.replace(/^\d+$/, ""));
    if (
      controlCharacter.test(value) || directionOverride.test(value) ||
      (!lineBreaksAllowed && lineBreakOrTab.test(value))
    ) throw refused(path || "Anfrage");
    return;
  }
  if (!value || typeof value !== "object") return;
  if (depth >= maxNesting) throw tooDeep();
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      checkStrings(item, path ? `${path}.${index}` : String(index), depth + 1)
    );
  } else {
    for (const [key, item] of Object.entries(value)) {
      checkStrings(key, path);
      checkStrings(item, path ? `${path}.${key}` : key, depth + 1);
    }
  }
}

/** Whether a request is a file upload to one of the upload routes. */
export function isUpload(request: Request): boolean {
  if (mediaType(request.headers.get("Content-Type") ?? "") !== "multipart/form-data") return false;
  const path = new URL(request.url).pathname;
  return uploadRoutes.some((route) => route.test(path));
}

/** A body that cannot be parsed is left to the route's own German answer; too large stays 413. */
function unlessTooLarge(error: unknown): undefined {
  if (error instanceof AppError) throw error;
  return undefined;
}

/** The media type of a Content-Type header: lower case, without parameters ("" when absent). */
export function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0].trim().toLowerCase();
}

/**
 * One guard for every API request, before any handler sees it: the query, the path and a JSON
 * body may hold no NUL or other control character (Postgres refuses NUL in text, which ended in a
 * 500), names no line break or direction override. Every body is JSON under any spelling of its
 * type, or multipart on the upload routes (parsed there after the role check, so an anonymous
 * upload costs nothing); any other body type answers 415, so no route can be reached with a body
 * this guard did not read.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const [key, value] of url.searchParams) checkStrings({ [key]: value });
    checkStrings(decodeURIComponent(url.pathname.replace(/%(?![0-9a-f]{2})/gi, "%25")), "Pfad");
    if (c.req.raw.body === null) return await next();
    if (jsonMediaType.test(mediaType(c.req.header("Content-Type")))) {
      // Parsed once here; Hono keeps the parsed body for the validators that follow.
      checkStrings(await c.req.json().catch(unlessTooLarge));
    } else if (!isUpload(c.req.raw)) {
      // Any other type may only be empty (a browser's DELETE without payload has an empty body
      // and no type); the body limit above keeps this read small.
      const bytes = await c.req.arrayBuffer().catch(unlessTooLarge);
      if (bytes && bytes.byteLength > 0) throw unsupportedType();
    }
    await next();
  };
}
