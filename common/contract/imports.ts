/**
 * The people import of issue 10 (spec 01 §3, §7): the preview (`?preview=1`, nothing written) and
 * the import result. The API checks its answers against these schemas in its tests; the web app
 * reads them through the types.
 */
import { z } from "zod";

/** A problem the server found in a file, named by row and column (spec 01 §8). */
export const rowIssueSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
});

/** A row left out: the template's example row, or an e-mail that already has an account. */
export const skippedRowSchema = z.object({
  row: z.number(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
});

/** What a preview row does on "Importieren". */
export const previewActions = ["wird angelegt", "bereits vorhanden"] as const;

/** One data row of the file as the server understood it. */
export const previewRowSchema = z.object({
  row: z.number(),
  name: z.string(),
  email: z.string(),
  /** the row's other values in one German line ("Klasse B, Kley, 5 Zeiten") */
  summary: z.string(),
  action: z.enum(previewActions),
});

/** The answer of POST /api/admin/import/{instructors,students}/?preview=1. */
export const importPreviewSchema = z.object({
  preview: z.literal(true),
  message: z.string(),
  total: z.number(),
  create_count: z.number(),
  skipped_count: z.number(),
  skipped: z.array(skippedRowSchema),
  /** the first rows, at most 20 */
  rows: z.array(previewRowSchema),
  error_count: z.number(),
  /** the first 50 errors as German sentences */
  errors: z.array(z.string()),
  /** the same 50 with row and column */
  error_details: z.array(rowIssueSchema),
});

/** A created user's sign-in, shown once (spec 01 §2, credentials modal). */
export const createdCredentialsSchema = z.object({
  name: z.string(),
  username: z.string(),
  password: z.string(),
});

/** The answer of the plain import call (spec 01 §3, import result). */
export const importResultSchema = z.object({
  message: z.string(),
  total: z.number(),
  created_count: z.number(),
  created_users: z.array(createdCredentialsSchema),
  skipped_count: z.number(),
  skipped: z.array(skippedRowSchema),
});

export type RowIssue = z.infer<typeof rowIssueSchema>;
export type SkippedRow = z.infer<typeof skippedRowSchema>;
export type PreviewRow = z.infer<typeof previewRowSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type CreatedCredentials = z.infer<typeof createdCredentialsSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
