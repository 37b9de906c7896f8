/** The planner_jobs queries of the worker: claim, heartbeat, release, fail. */
import type { Sql } from "../../db/connection.ts";
import { schoolLogTime } from "../../common/time.ts";
// The worker writes the same activity log as the API (actor null: "System").
import { recordAudit } from "../../db/audit_log.ts";

// The job constants the API reads too (stale heartbeats, the stalled step) live in common/.
import { STALE_AFTER_SECONDS, TAKEN_OVER } from "../../common/planner_jobs.ts";

/** A claimed job. */
export interface ClaimedJob {
  id: number;
  attempts: number;
  takenOver: boolean;
  /** 'full' plans all needs; 'replan_affected' moves only the lessons inside absences. */
  kind: "full" | "replan_affected";
  /** Only these people (user ids) are planned: the admin tour's test data. null: everyone. */
  scope: number[] | null;
}

/** One German line of the job's activity log, stamped with Berlin time. */
export function logLine(message: string): string {
  return `${schoolLogTime()} ${message}`;
}

/**
 * Claims the oldest waiting job, or a running one whose worker stopped sending heartbeats.
 * `for update skip locked` lets several workers run this at once: each locks a different row
 * (or none) instead of queueing behind another worker's lock, and the inner select plus the outer
 * update happen in one statement, so two workers can never both claim the same row.
 */
export async function claimNextJob(sql: Sql, workerId: string): Promise<ClaimedJob | undefined> {
  const [row] = await sql`
    update planner_jobs
       set status = 'running',
           worker_id = ${workerId},
           heartbeat_at = now(),
           started_at = coalesce(started_at, now()),
           attempts = attempts + 1,
           progress_percent = case when status = 'running' then 0 else progress_percent end,
           current_step = case when status = 'running' then ${TAKEN_OVER} else current_step end,
           activity_log = activity_log || jsonb_build_array(
             ${schoolLogTime()} || case when status = 'running'
               then ${" " + TAKEN_OVER}
               else ' Planung gestartet' end)
     where id = (
       select id from planner_jobs
        where status = 'queued'
           or (status = 'running'
               and heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_SECONDS}))
        order by id
        for update skip locked
        limit 1)
    returning id::int, attempts, attempts > 1 as taken_over, kind,
              -- As JSON: postgres.js reads an array column as its text ("{3,4}") on a connection
              -- that has not loaded the array types yet (seen in the e2e tour walk).
              to_jsonb(scope_user_ids) as scope
  `;
  return row
    ? {
      id: row.id,
      attempts: row.attempts,
      takenOver: row.taken_over,
      kind: row.kind,
      scope: Array.isArray(row.scope) ? row.scope.map(Number) : null,
    }
    : undefined;
}

/** What a heartbeat learned: whether the job is still ours to run. */
export type HeartbeatAnswer = "ours" | "lost";

/** Progress the worker reports with each heartbeat. */
export interface ProgressReport {
  percent: number;
  step: string;
  processedVariables: number;
  totalVariables: number;
  newLogLines: string[];
}

/**
 * Writes heartbeat and progress. "lost" when the job was cancelled or another worker took it over
 * meanwhile; the caller then stops and writes nothing.
 */
export async function heartbeat(
  sql: Sql,
  jobId: number,
  workerId: string,
  p: ProgressReport,
): Promise<HeartbeatAnswer> {
  const [row] = await sql`
    update planner_jobs
       set heartbeat_at = now(),
           progress_percent = ${Math.round(p.percent)},
           current_step = ${p.step},
           processed_variables = ${p.processedVariables},
           total_variables = ${p.totalVariables},
           activity_log = activity_log || ${sql.json(p.newLogLines)}
     where id = ${jobId} and worker_id = ${workerId} and status = 'running'
       and not cancel_requested
    returning id
  `;
  return row ? "ours" : "lost";
}

/** Gives a job back to the queue (SIGTERM); the release does not count as a failed attempt. */
export async function releaseJob(sql: Sql, jobId: number, workerId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      update planner_jobs
         set status = 'queued', worker_id = null, heartbeat_at = null,
             attempts = greatest(attempts - 1, 0), progress_percent = 0,
             current_step = 'Wartet auf einen freien Planungsdienst',
             activity_log = activity_log ||
               ${
      tx.json([logLine("Planungsdienst wird beendet, Planung wartet auf einen anderen")])
    }
       where id = ${jobId} and worker_id = ${workerId} and status = 'running'
    `;
    await tx`select pg_notify('planner_jobs', ${String(jobId)})`;
  });
}

/**
 * Marks a job failed with a German message, unless it is no longer ours; the failure goes into
 * the activity log ("Letzte Aktivitäten") in the same transaction.
 */
export async function failJob(
  sql: Sql,
  jobId: number,
  workerId: string,
  message: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx`
      update planner_jobs
         set status = 'failed', error_message = ${message}, finished_at = now(),
             current_step = 'Fehlgeschlagen',
             activity_log = activity_log || ${tx.json([logLine(message)])}
       where id = ${jobId} and worker_id = ${workerId} and status = 'running'
      returning id
    `;
    if (row) {
      await recordAudit(tx, null, "planner.failed", `Planung fehlgeschlagen: ${message}`, {
        job_id: jobId,
      });
    }
  });
}
