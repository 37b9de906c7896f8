import { generateCredential, type GeneratedCredential } from "../../common/passwords.ts";
import type {
  CreatedCredentials,
  ImportPreview,
  ImportResult,
  SkippedRow,
} from "../../common/contract/imports.ts";
import type { Sql } from "../../db/connection.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import type { InstructorData } from "../people/instructor_payload.ts";
import type { StudentData } from "../people/student_payload.ts";
import { createInstructor, createStudent } from "../people/write_queries.ts";
import { type Role, roleLabel } from "./columns.ts";
import type { CheckedFile, RowError } from "./rows.ts";

/** At most this many errors are answered; the message still counts all. */
export const maxErrorsShown = 50;
/** Rows the preview shows as understood. */
export const previewRows = 20;

async function existingEmails(sql: Sql, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await sql<{ email: string }[]>`
    select lower(email) as email from users
    where email <> '' and lower(email) = any(${emails.map((e) => e.toLowerCase())}::text[])
  `;
  return new Set(rows.map((r) => r.email));
}

function errorSummary(errors: RowError[]) {
  return {
    error_count: errors.length,
    errors: errors.slice(0, maxErrorsShown).map((e) => e.message),
    error_details: errors.slice(0, maxErrorsShown),
  };
}

/** The 400 for a file with errors: nothing was written, every listed error names row and column. */
function invalidFile(errors: RowError[]): AppError {
  const more = errors.length > maxErrorsShown
    ? ` (die ersten ${maxErrorsShown} sind aufgeführt)`
    : "";
  return new AppError(
    400,
    "import_invalid",
    `Die Datei enthält ${errors.length} Fehler${more}. ` +
      `Es wurde nichts importiert. ${errors[0].message}`,
    errors.slice(0, maxErrorsShown),
  );
}

/** Which rows an import would create and which it skips (example row, e-mail known). */
async function sortRows(sql: Sql, file: CheckedFile) {
  const taken = await existingEmails(sql, file.rows.map((r) => r.email));
  const skipped: SkippedRow[] = [
    ...file.exampleRows.map((r) => ({ ...r, reason: "Beispielzeile der Vorlage" })),
    ...file.rows
      .filter((r) => taken.has(r.email))
      .map((r) => ({ row: r.row, name: r.name, email: r.email, reason: "bereits vorhanden" })),
  ].sort((a, b) => a.row - b.row);
  const fresh = file.rows.filter((r) => !taken.has(r.email));
  return { taken, skipped, fresh, total: file.rows.length + file.exampleRows.length };
}

/** What an import of the checked file would do (`?preview=1`); writes nothing. */
export async function previewPeople(
  sql: Sql,
  role: Role,
  file: CheckedFile,
): Promise<ImportPreview> {
  const { taken, skipped, fresh, total } = await sortRows(sql, file);
  const label = roleLabel[role].many;
  return {
    preview: true,
    message: file.errors.length
      ? `Die Datei enthält ${file.errors.length} Fehler; so würde nichts importiert.`
      : `${fresh.length} ${label} würden angelegt, ${skipped.length} übersprungen.`,
    total,
    create_count: fresh.length,
    skipped_count: skipped.length,
    skipped,
    rows: file.rows.slice(0, previewRows).map((r) => ({
      row: r.row,
      name: r.name,
      email: r.email,
      summary: r.summary,
      action: taken.has(r.email) ? "bereits vorhanden" : "wird angelegt",
    })),
    ...errorSummary(file.errors),
  };
}

/**
 * Imports a checked file, all or nothing: rows whose e-mail already has an account are skipped,
 * everything else is created in one transaction.
 */
export async function importPeople(
  sql: Sql,
  role: Role,
  file: CheckedFile,
  actor: AuditActor | null,
): Promise<ImportResult> {
  if (file.errors.length) throw invalidFile(file.errors);
  const { skipped, fresh, total } = await sortRows(sql, file);
  const label = roleLabel[role].many;
  // The hashes are made before the transaction opens, so its locks are held only for the writes
  // (generated passwords take the cheap argon2id setting, docs/decisions/0006).
  const credentials: GeneratedCredential[] = [];
  for (const _ of fresh) credentials.push(await generateCredential());
  const created_users: CreatedCredentials[] = await sql.begin(async (tx) => {
    // One transaction for the file, every person written straight into it (no savepoint each:
    // a quarter of the import's time); the first error rolls the whole file back.
    const inner = { within: tx };
    const out: CreatedCredentials[] = [];
    for (const [i, row] of fresh.entries()) {
      const user = await (role === "instructor"
        ? createInstructor(inner, row.data as InstructorData, credentials[i])
        : createStudent(inner, row.data as StudentData, credentials[i])).catch((err) => {
          // Only a parallel create can take an address between the check above and now.
          if (err instanceof AppError && err.code === "email_taken") {
            throw new AppError(
              409,
              "email_taken",
              `Zeile ${row.row}: Die E-Mail-Adresse „${row.email}“ wurde gerade anderweitig ` +
                "angelegt. Es wurde nichts importiert; bitte laden Sie die Datei noch einmal hoch.",
            );
          }
          // A username a parallel create took meanwhile: without a savepoint the create cannot
          // retry (its retry finds the transaction aborted, 25P02). Nothing was written.
          const code = (err as { code?: string }).code;
          if (code === "23505" || code === "25P02") {
            throw new AppError(
              409,
              "import_conflict",
              `Zeile ${row.row}: Ein Benutzer wurde gerade gleichzeitig angelegt. Es wurde nichts ` +
                "importiert; bitte laden Sie die Datei noch einmal hoch.",
            );
          }
          throw err;
        });
      out.push({ name: user.name, username: user.username, password: user.password });
    }
    // One line for the whole file, not one per person.
    await recordAudit(
      tx,
      actor,
      `import.${role}s`,
      `Import: ${out.length} ${label} angelegt, ${skipped.length} übersprungen`,
      { created: out.length, skipped: skipped.length, total },
    );
    return out;
  }) as CreatedCredentials[];
  const known = skipped.filter((r) => r.reason === "bereits vorhanden").length;
  const skippedText = known ? ` ${known} bereits vorhanden (übersprungen).` : "";
  return {
    message: `${created_users.length} ${label} importiert.${skippedText}`,
    total,
    created_count: created_users.length,
    created_users,
    skipped_count: skipped.length,
    skipped,
  };
}
