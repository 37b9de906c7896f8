/**
 * The calls of the import section (spec 01 §7) in one place; their shapes are the shared contract
 * (common/contract/imports.ts), so a change on the server fails the web's type check.
 */
import type { ImportPreview, ImportResult, RowIssue } from "../../../../common/contract/imports.ts";
import { ApiError, apiUrl, call } from "../../lib/api.ts";

export type { ImportPreview, ImportResult } from "../../../../common/contract/imports.ts";

/** Who a file imports. */
export type ImportKind = "instructors" | "students";

/** Plain download links (spec 01 §7): the browser fetches them with the session cookie. */
export const downloadLinks = {
  instructorTemplate: apiUrl("GET /admin/download/fahrlehrer-vorlage/"),
  studentTemplate: apiUrl("GET /admin/download/schueler-vorlage/"),
  testData: apiUrl("GET /admin/download/testdaten/"),
  tutorial: apiUrl("GET /admin/download/tutorial/"),
} as const;

/** Spec 01 §9: an import may take up to 5 minutes before the screen gives up. */
export const importTimeoutMs = 300_000;

/**
 * A problem with a file, as one German sentence: the server's name their row and column
 * themselves ("Zeile 7, Spalte „E-Mail“: …", common/contract/imports.ts).
 */
export type ImportIssue = Pick<RowIssue, "message">;

/** The rows and columns a refused file names (the API's `details`), read as issues. */
export function issuesOf(err: unknown): ImportIssue[] {
  if (!(err instanceof ApiError)) return [];
  const details = (err.body as { details?: unknown } | undefined)?.details;
  return Array.isArray(details) ? details as RowIssue[] : [];
}

const routes = {
  instructors: {
    preview: "POST /admin/import/instructors/?preview=1",
    import: "POST /admin/import/instructors/",
  },
  students: {
    preview: "POST /admin/import/students/?preview=1",
    import: "POST /admin/import/students/",
  },
} as const;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

/** Reads a file on the server without writing anything. */
export function previewImport(
  kind: ImportKind,
  file: File,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  return call(routes[kind].preview, { form: fileForm(file), signal });
}

/** Imports a file (all or nothing) and answers the import result of spec 01 §3. */
export function runImport(
  kind: ImportKind,
  file: File,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return call(routes[kind].import, { form: fileForm(file), signal });
}
