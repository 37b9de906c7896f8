/**
 * Writes a re-planning back in one transaction: every affected appointment is moved (time,
 * instructor, vehicle) or cancelled with the planner's reason, each with an audit line, and the
 * job completes with the list of both. Nothing else is touched. If an affected appointment was
 * changed meanwhile, nothing is written and the job fails.
 */
import type { Db, Sql } from "../../db/connection.ts";
import { germanDate } from "../../common/german_words.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { logLine } from "./jobs.ts";
import { recordAudit as recordAuditLine } from "../../db/audit_log.ts";
import type { ReplanChanges, ReplanInput } from "./replan.ts";

/** Thrown when an affected appointment changed between reading and writing. */
export class ReplanOutdated extends Error {}

/** An audit line in the name of the admin who asked for the re-planning, else "System". */
function recordAudit(
  tx: Db,
  actor: { id: number; name: string } | null,
  action: string,
  summary: string,
  details: Record<string, unknown>,
) {
  return recordAuditLine(
    tx,
    actor && { id: actor.id, username: actor.name },
    action,
    summary,
    details,
  );
}

const when = (wall: string) => `${germanDate(wall.slice(0, 10))} um ${wall.slice(11, 16)}`;

export async function writeReplan(
  sql: Sql,
  jobId: number,
  workerId: string,
  input: ReplanInput,
  changes: ReplanChanges,
  result: Record<string, unknown>,
  progress: { totalVariables: number; pendingLogLines: string[] },
): Promise<"written" | "lost"> {
  return await sql.begin(async (tx) => {
    const [job] = await tx`
      select requested_by::int from planner_jobs
       where id = ${jobId} and worker_id = ${workerId} and status = 'running'
         and not cancel_requested
         for update
    `;
    if (!job) return "lost" as const;
    const ids = input.lessons.map((l) => l.id);
    const current = await tx`
      select id::int, status, instructor_id::int,
             to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start
        from appointments where id = any(${ids}::bigint[])
         for update
    `;
    const now = new Map(current.map((r) => [r.id as number, r]));
    for (const l of input.lessons) {
      const row = now.get(l.id);
      if (
        !row || row.status === "cancelled" || row.start !== l.start ||
        row.instructor_id !== l.instructorId
      ) throw new ReplanOutdated();
    }
    const [who] = job.requested_by === null ? [] : await tx<{ id: number; name: string }[]>`
      select id::int,
             coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name
        from users where id = ${job.requested_by}
    `;

    // All out of the way first, so a lesson may move into the slot another one leaves (the
    // exclusion constraints ignore cancelled rows and are checked row by row).
    await tx`update appointments set status = 'cancelled' where id = any(${ids}::bigint[])`;
    for (const m of changes.moves) {
      await tx`
        update appointments
           set starts_at = ${m.new_start}::timestamp at time zone ${SCHOOL_TIME_ZONE},
               -- The lesson keeps its length (a 90-minute Autobahnfahrt stays 90 minutes).
               ends_at = (${m.new_start}::timestamp at time zone ${SCHOOL_TIME_ZONE})
                 + (ends_at - starts_at),
               instructor_id = ${m.instructor_id}, vehicle_id = ${m.vehicle_id},
               status = ${m.status}, planner_job_id = ${jobId}, updated_at = now()
         where id = ${m.appointment_id}
      `;
      const other = m.new_instructor_name === m.old_instructor_name
        ? ""
        : ` (Fahrlehrer ${m.new_instructor_name} statt ${m.old_instructor_name})`;
      await recordAudit(
        tx,
        who ?? null,
        "appointment.replan_move",
        `Termin von ${m.student_name} am ${when(m.old_start)} verlegt auf ${
          when(m.new_start)
        }${other}`,
        { ...m, planner_job_id: jobId },
      );
    }
    for (const c of changes.cancels) {
      await tx`
        update appointments
           set status = 'cancelled', cancel_reason = ${c.reason}, updated_at = now()
         where id = ${c.appointment_id}
      `;
      await recordAudit(
        tx,
        who ?? null,
        "appointment.replan_cancel",
        `Termin von ${c.student_name} am ${when(c.start)} storniert: ${c.reason}`,
        { appointment_id: c.appointment_id, planner_job_id: jobId, reason: c.reason },
      );
    }

    // One line that sums the run up, newest in "Letzte Aktivitäten" above the lessons' lines.
    await recordAudit(
      tx,
      who ?? null,
      "planner.replan_completed",
      `Neuplanung abgeschlossen: ${changes.moves.length} ${
        changes.moves.length === 1 ? "Termin" : "Termine"
      } verlegt, ${changes.cancels.length} storniert`,
      { planner_job_id: jobId, moved: changes.moves.length, cancelled: changes.cancels.length },
    );

    const replan = {
      moved: changes.moves.map((m) => ({
        appointment_id: m.appointment_id,
        student_name: m.student_name,
        old_start: m.old_start,
        old_instructor_name: m.old_instructor_name,
        new_start: m.new_start,
        new_instructor_name: m.new_instructor_name,
      })),
      cancelled: changes.cancels,
    };
    await tx`
      update planner_jobs
         set status = 'completed', progress_percent = 100, current_step = 'Fertig',
             total_variables = ${progress.totalVariables},
             processed_variables = ${progress.totalVariables},
             finished_at = now(), heartbeat_at = now(),
             result = ${tx.json({ ...result, replan } as never)},
             activity_log = activity_log || ${
      tx.json([
        ...progress.pendingLogLines,
        logLine(
          `Neuplanung abgeschlossen: ${replan.moved.length} Termine verlegt, ` +
            `${replan.cancelled.length} storniert`,
        ),
      ])
    }
       where id = ${jobId}
    `;
    return "written" as const;
  });
}
