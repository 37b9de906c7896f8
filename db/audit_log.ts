/**
 * The activity log's writer, shared by the API and the planner worker (which may not import from
 * api/). Routes import it through api/lib/audit.ts.
 */
import type { Db } from "./connection.ts";

/** Who did it: the signed-in admin, or null for the system (the planner worker, a public form). */
export interface AuditActor {
  id: number;
  username: string;
  first_name?: string;
  last_name?: string;
}

/** Dotted action names, e.g. "appointment.cancel", "planner.completed", "bulk_delete.students". */
export type AuditAction = string;

/**
 * Writes one line of the activity log. Call it with the transaction that makes the change, so the
 * log line and the change are committed together or not at all. `summary` is the German sentence
 * "Letzte Aktivitäten" shows (e.g. "Termin von Lena Offline am 24.11.2026 storniert").
 */
export async function recordAudit(
  tx: Db,
  actor: AuditActor | null,
  action: AuditAction,
  summary: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const name = actor
    ? [actor.first_name, actor.last_name].filter(Boolean).join(" ") || actor.username
    : "System";
  await tx`
    insert into audit_log (actor_id, actor_name, action, summary, details)
    values (${actor?.id ?? null}, ${name}, ${action}, ${summary}, ${tx.json(details as never)})
  `;
  await deleteExpiredAudit(tx);
}

/**
 * Deletes the lines older than the school's retention (school_settings.audit_retention_months,
 * issue 25 point 10). Run on every write, so the log never keeps a line much longer than allowed
 * without a timer of its own; lines another transaction is deleting are skipped, not waited for.
 */
export async function deleteExpiredAudit(tx: Db): Promise<number> {
  const rows = await tx`
    delete from audit_log
     where id in (
       select id from audit_log
        where created_at < now() - make_interval(months => (
          select audit_retention_months from school_settings where id = 1
        ))
        for update skip locked
     )
    returning id
  `;
  return rows.length;
}
