/**
 * The calls of the import section (spec 01 §7) in one place: the shapes the screens assume are
 * read and normalised here and nowhere else.
 */
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { api, ApiError } from "../../lib/api.ts";

/** Who a file imports. */
export type ImportKind = "instructors" | "students";

/** Plain download links (spec 01 §7): the browser fetches them with the session cookie. */
export const downloadLinks = {
  instructorTemplate: "/api/admin/download/fahrlehrer-vorlage/",
  studentTemplate: "/api/admin/download/schueler-vorlage/",
  testData: "/api/admin/download/testdaten/",
  tutorial: "/api/admin/download/tutorial/",
} as const;

/** Spec 01 §9: an import may take up to 5 minutes before the screen gives up. */
export const importTimeoutMs = 300_000;

/** A problem the server found in a file: row and column where it can name them. */
export interface ImportIssue {
  row: number | null;
  column: string | null;
  message: string;
}

/** One data row as the server understood it, for the preview table. */
export interface PreviewRow {
  row: number;
  /** "create" when this row makes a new person, "skip" when the e-mail already has an account */
  action: "create" | "skip";
  cells: string[];
}

/**
 * The answer of POST /api/admin/import/{kind}/?preview=1: nothing written, only what would be.
 * Assumed server shape: {total, create_count, skip_count, columns: string[],
 * rows: [{row, action, cells: string[] | {column: value}}], errors: [{row, column, message}]}.
 */
export interface ImportPreview {
  total: number;
  create_count: number;
  skip_count: number;
  columns: string[];
  rows: PreviewRow[];
  errors: ImportIssue[];
}

/** The answer of the plain import call (spec 01 §3: import result). */
export interface ImportResult {
  message: string;
  total: number;
  created_count: number;
  created_users: Credentials[];
  /** rows left out because the e-mail already has an account (issue 10), when the server says */
  skipped_count?: number;
}

const num = (value: unknown) => Number.isFinite(Number(value)) ? Number(value) : 0;
const str = (value: unknown) => value === null || value === undefined ? "" : String(value);

/** An issue from a server entry: {row, column, message}, or a plain German sentence. */
export function toIssue(entry: unknown): ImportIssue {
  if (typeof entry === "string") return { row: null, column: null, message: entry };
  const e = (entry ?? {}) as Record<string, unknown>;
  return {
    row: e.row === undefined || e.row === null ? null : num(e.row),
    column: e.column ? str(e.column) : null,
    message: str(e.message ?? e.error ?? ""),
  };
}

/** Reads a preview answer, tolerating cells sent as an object keyed by column. */
export function toPreview(raw: unknown): ImportPreview {
  const r = (raw ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(r.rows) ? r.rows as Record<string, unknown>[] : [];
  let columns = Array.isArray(r.columns) ? (r.columns as unknown[]).map(str) : [];
  if (columns.length === 0 && rows[0] && !Array.isArray(rows[0].cells)) {
    columns = Object.keys((rows[0].cells ?? {}) as object);
  }
  const errors = Array.isArray(r.errors) ? r.errors.map(toIssue) : [];
  return {
    total: num(r.total),
    create_count: num(r.create_count ?? r.to_create),
    skip_count: num(r.skip_count ?? r.skipped_count),
    columns,
    rows: rows.map((row, i) => ({
      row: num(row.row ?? i + 2),
      action: row.action === "skip" ? "skip" : "create",
      cells: Array.isArray(row.cells)
        ? row.cells.map(str)
        : columns.map((c) => str((row.cells as Record<string, unknown> | undefined)?.[c])),
    })),
    errors,
  };
}

/** The rows and columns a refused file names (the API's `details`), read as issues. */
export function issuesOf(err: unknown): ImportIssue[] {
  if (!(err instanceof ApiError)) return [];
  const details = (err.body as { details?: unknown } | undefined)?.details;
  return Array.isArray(details) ? details.map(toIssue) : [];
}

function upload(kind: ImportKind, file: File, query: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post<unknown>(`/admin/import/${kind}/${query}`, undefined, { form, signal });
}

/** Reads a file on the server without writing anything. */
export async function previewImport(
  kind: ImportKind,
  file: File,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  return toPreview(await upload(kind, file, "?preview=1", signal));
}

/** Imports a file (all or nothing) and answers the import result of spec 01 §3. */
export async function runImport(
  kind: ImportKind,
  file: File,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const r = ((await upload(kind, file, "", signal)) ?? {}) as Record<string, unknown>;
  const users = Array.isArray(r.created_users) ? r.created_users as Record<string, unknown>[] : [];
  return {
    message: str(r.message),
    total: num(r.total),
    created_count: num(r.created_count ?? users.length),
    created_users: users.map((u) => ({
      name: str(u.name),
      username: str(u.username),
      password: str(u.password),
    })),
    skipped_count: r.skipped_count === undefined ? undefined : num(r.skipped_count),
  };
}
