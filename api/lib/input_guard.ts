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

/** The German 400 for a field; `field` is the path as the form knows it (e.g. "first_name"). */
function refused(field: string): AppError {
  return new AppError(
    400,
    "invalid_characters",
    `Das Feld „${field}“ enthält unzulässige Steuerzeichen.`,
    [{ path: field, message: "Unzulässige Steuerzeichen (z. B. Nullbyte, Zeilenumbruch)." }],
  );
}

/** Throws for the first string in `value` (any depth) that holds a character it may not hold. */
export function checkStrings(value: unknown, path = ""): void {
  if (typeof value === "string") {
    const field = path.split(".").at(-1) ?? "";
    const lineBreaksAllowed = multiLineFields.has(field.replace(/^\d+$/, ""));
    if (
      controlCharacter.test(value) || directionOverride.test(value) ||
      (!lineBreaksAllowed && lineBreakOrTab.test(value))
    ) throw refused(path || "Anfrage");
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkStrings(item, path ? `${path}.${index}` : String(index)));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      checkStrings(key, path);
      checkStrings(item, path ? `${path}.${key}` : key);
    }
  }
}

/** A body that cannot be parsed is left to the route's own German answer; too large stays 413. */
function unlessTooLarge(error: unknown): undefined {
  if (error instanceof AppError) throw error;
  return undefined;
}

/**
 * One guard for every API request, before any handler sees it: the query and a JSON body may hold
 * no NUL or other control character (Postgres refuses NUL in text, which ended in a 500). Files
 * of a multipart upload are the importers' to check; their other form fields are checked here.
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const [key, value] of url.searchParams) checkStrings({ [key]: value });
    checkStrings(decodeURIComponent(url.pathname.replace(/%(?![0-9a-f]{2})/gi, "%25")), "Pfad");
    const type = c.req.header("Content-Type") ?? "";
    if (type.startsWith("application/json")) {
      // Parsed once here; Hono keeps the parsed body for the validators that follow.
      checkStrings(await c.req.json().catch(unlessTooLarge));
    } else if (type.startsWith("multipart/form-data")) {
      const form = await c.req.parseBody({ all: true }).catch(unlessTooLarge);
      for (const [key, value] of Object.entries(form ?? {})) {
        if (typeof value === "string") checkStrings({ [key]: value });
      }
    }
    await next();
  };
}
