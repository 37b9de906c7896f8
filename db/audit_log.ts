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
}
