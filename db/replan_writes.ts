/**
 * A re-planning is first a proposal (issue 25, point 3): the worker completes the job with the
 * moves and cancellations it would make and writes no appointment. The office looks at them in
 * the dialog, leaves out what it does not want and accepts ("Vorschlag übernehmen"); only then
 * `applyReplan` writes, in one transaction: every accepted appointment is moved (time, instructor,
 * vehicle) or cancelled with the planner's reason, each with an audit line. Nothing else is
 * touched. If an affected appointment was changed meanwhile, nothing is written.
 */
import type { Db, Sql } from "./connection.ts";
import { germanDate } from "../common/german_words.ts";
import { SCHOOL_TIME_ZONE, schoolLogTime } from "../common/time.ts";
import { recordAudit as recordAuditLine } from "./audit_log.ts";
import { lessonFacts, notifyLessonChanged } from "./notification_outbox.ts";
import type { ReplanChanges, ReplanInput } from "../common/replan_types.ts";

/** A line of a job's activity log (as solver/worker/jobs.ts writes them). */
const logLine = (message: string) => `${schoolLogTime()} ${message}`;

/** Thrown when an affected appointment changed between reading and writing. */
export class ReplanOutdated extends Error {}

/** An audit line in the name of the admin who accepted the re-planning, else "System". */
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

/** What the proposal keeps to write later: the lessons as they were read, and the changes. */
export interface ReplanProposal {
  lessons: { id: number; start: string; instructorId: number }[];
  changes: ReplanChanges;
}

/** The outcome the dialog lists (moved and cancelled), without the ids the writing needs. */
export function replanOutcome(changes: ReplanChanges) {
  return {
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
}

/** The worker's end of a re-planning: the job completes with its proposal; nothing else changes. */
export async function writeReplanProposal(
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
      select id from planner_jobs
       where id = ${jobId} and worker_id = ${workerId} and status = 'running'
         and not cancel_requested
         for update
    `;
    if (!job) return "lost" as const;
    const proposal: ReplanProposal = {
      lessons: input.lessons.map((l) => ({
        id: l.id,
        start: l.start,
        instructorId: l.instructorId,
      })),
      changes,
    };
    const replan = { ...replanOutcome(changes), proposed: true };
    await tx`
      update planner_jobs
         set status = 'completed', progress_percent = 100, current_step = 'Fertig',
             total_variables = ${progress.totalVariables},
             processed_variables = ${progress.totalVariables},
             finished_at = now(), heartbeat_at = now(),
             result = ${tx.json({ ...result, replan, proposal } as never)},
             activity_log = activity_log || ${
      tx.json([
        ...progress.pendingLogLines,
        logLine(
          `Vorschlag erstellt: ${replan.moved.length} Termine zu verlegen, ` +
            `${replan.cancelled.length} zu stornieren`,
        ),
      ])
    }
       where id = ${jobId}
    `;
    return "written" as const;
  });
}

/**
 * Writes the accepted part of a proposal inside the caller's transaction; answers what was done.
 * Throws ReplanOutdated when one of its lessons changed since the proposal was made.
 */
export async function applyReplan(
  tx: Db,
  who: { id: number; name: string } | null,
  jobId: number,
  lessons: ReplanProposal["lessons"],
  changes: ReplanChanges,
) {
  const ids = lessons.map((l) => l.id);
  const current = await tx`
    select id::int, status, instructor_id::int,
           to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start
      from appointments where id = any(${ids}::bigint[])
       for update
  `;
  const now = new Map(current.map((r) => [r.id as number, r]));
  for (const l of lessons) {
    const row = now.get(l.id);
    if (
      !row || row.status === "cancelled" || row.start !== l.start ||
      row.instructor_id !== l.instructorId
    ) throw new ReplanOutdated();
  }
  // As the people knew them, for the e-mails about the moves and cancellations (issue 23).
  const before = new Map((await lessonFacts(tx, ids)).map((l) => [l.id, l]));

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
      who,
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
      who,
      "appointment.replan_cancel",
      `Termin von ${c.student_name} am ${when(c.start)} storniert: ${c.reason}`,
      { appointment_id: c.appointment_id, planner_job_id: jobId, reason: c.reason },
    );
  }

  // A re-plan goes out at once: student and instructor hear of each moved or cancelled lesson.
  const after = await lessonFacts(tx, ids);
  for (const lesson of after) {
    const cancel = changes.cancels.find((c) => c.appointment_id === lesson.id);
    const was = before.get(lesson.id)!;
    if (cancel) {
      // As it was: a draft's lesson (pending) tells nobody.
      await notifyLessonChanged(tx, was, { kind: "cancelled", reason: cancel.reason });
    } else if (changes.moves.some((m) => m.appointment_id === lesson.id)) {
      await notifyLessonChanged(tx, lesson, { kind: "moved", before: was });
    }
  }

  // One line that sums the run up, newest in "Letzte Aktivitäten" above the lessons' lines.
  await recordAudit(
    tx,
    who,
    "planner.replan_completed",
    `Neuplanung abgeschlossen: ${changes.moves.length} ${
      changes.moves.length === 1 ? "Termin" : "Termine"
    } verlegt, ${changes.cancels.length} storniert`,
    { planner_job_id: jobId, moved: changes.moves.length, cancelled: changes.cancels.length },
  );
  return replanOutcome(changes);
}
