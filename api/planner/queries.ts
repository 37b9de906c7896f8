import type { Db, Sql } from "../../db/connection.ts";
import { schoolLogTime } from "../../common/time.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { STALE_AFTER_SECONDS } from "../../common/planner_jobs.ts";

/** A planner_jobs row as the progress call reads it. */
export interface JobRow {
  id: number;
  kind: "full" | "replan_affected";
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  progress_percent: number;
  current_step: string;
  total_variables: number;
  processed_variables: number;
  activity_log: string[];
  error_message: string | null;
  result: Record<string, unknown>;
  started_at: string | null;
  created_at: string;
  finished_at: string | null;
  /** Running, but its worker has sent no heartbeat for STALE_AFTER_SECONDS. */
  stalled: boolean;
}

/** Thrown by insertQueuedJob when a job is already queued or running. */
export class JobAlreadyActive extends Error {}

/**
 * Inserts a queued job and wakes the workers. The unique partial index planner_jobs_one_active
 * refuses a second queued/running job, even when two starts arrive at the same instant.
 */
export async function insertQueuedJob(
  sql: Sql,
  actor: AuditActor | null,
  kind: JobRow["kind"] = "full",
  /** Only these people are planned (the test data); undefined: everyone. */
  scopeUserIds?: number[],
): Promise<number> {
  const requestedBy = actor?.id ?? null;
  const requested = scopeUserIds
    ? `Planung der Testdaten angefordert (${scopeUserIds.length} Personen)`
    : kind === "full"
    ? "Planung angefordert"
    : "Neuplanung der Betroffenen angefordert";
  try {
    return await sql.begin(async (tx) => {
      const [row] = await tx`
        insert into planner_jobs
          (status, kind, requested_by, current_step, activity_log, scope_user_ids)
        values ('queued', ${kind}, ${requestedBy}, 'Wartet auf den Planungsdienst',
                ${tx.json([`${schoolLogTime()} ${requested}`])}, ${scopeUserIds ?? null}::bigint[])
        returning id::int
      `;
      await recordAudit(
        tx,
        actor,
        kind === "full" ? "planner.start" : "planner.replan_start",
        scopeUserIds
          ? "Planung der Testdaten gestartet"
          : kind === "full"
          ? "Planung gestartet"
          : "Neuplanung der betroffenen Termine gestartet",
        { job_id: row.id, ...(scopeUserIds ? { scope: "test_data" } : {}) },
      );
      // Delivered at commit, so a woken worker sees the row.
      await tx`select pg_notify('planner_jobs', ${String(row.id)})`;
      return row.id as number;
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw new JobAlreadyActive();
    throw err;
  }
}

/** The newest job not dismissed from the dashboard, if any. */
export async function latestVisibleJob(sql: Sql): Promise<JobRow | undefined> {
  const [row] = await sql<JobRow[]>`
    select id::int, kind, status, progress_percent, current_step, total_variables, processed_variables,
           activity_log, error_message, result, started_at, created_at, finished_at,
           (status = 'running' and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS}))
             as stalled
      from planner_jobs
     where not dismissed
     order by id desc
     limit 1
  `;
  return row;
}

/**
 * The newest job of all, dismissed or not, if it is a completed full run: its result holds the
 * reasons why not more was planned, valid until another run starts.
 */
export async function lastCompletedFullRun(sql: Sql): Promise<JobRow | undefined> {
  const [row] = await sql<JobRow[]>`
    select * from (
      select id::int, kind, status, progress_percent, current_step, total_variables,
             processed_variables, activity_log, error_message, result, started_at, created_at,
             finished_at, false as stalled
        from planner_jobs
       order by id desc
       limit 1
    ) latest
     where kind = 'full' and status = 'completed'
  `;
  return row;
}

/**
 * Cancels the active job. A queued job ends at once; a running one is marked cancelled too, and
 * its worker notices on its next heartbeat (within a second), stops and writes nothing, because
 * it only writes a plan while the row is still 'running' under its own worker id.
 */
export async function cancelActiveJob(
  sql: Sql,
  actor: AuditActor | null,
): Promise<number | undefined> {
  return await sql.begin(async (tx) => {
    const id = await markCancelled(tx);
    if (id !== undefined) {
      await recordAudit(tx, actor, "planner.cancel", "Planung abgebrochen", { job_id: id });
    }
    return id;
  }) as number | undefined;
}

async function markCancelled(sql: Db): Promise<number | undefined> {
  const [row] = await sql`
    update planner_jobs
       set cancel_requested = true,
           status = 'cancelled',
           current_step = 'Abgebrochen',
           finished_at = now(),
           activity_log = activity_log || ${
    sql.json([`${schoolLogTime()} Abbruch durch den Administrator`])
  }
     where status in ('queued', 'running')
    returning id::int
  `;
  return row?.id;
}

/** Hides every finished job from the dashboard. */
export async function dismissFinishedJobs(sql: Sql): Promise<number> {
  const rows = await sql`
    update planner_jobs set dismissed = true
     where not dismissed and status in ('completed', 'failed', 'cancelled')
    returning id
  `;
  return rows.length;
}
