/**
 * The planner's draft: a full run writes its lessons as `pending`; the office publishes them
 * (confirmed, people are told) or discards them. Pending rows are the draft and nothing else: no
 * other writer makes them.
 */
import type { Db } from "../../db/connection.ts";
import type { PlanDraft } from "../../common/contract/plan_draft.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { AppError } from "../lib/errors.ts";

/** The draft's size and its first and last day. */
export async function planDraft(db: Db): Promise<PlanDraft> {
  const day = (column: string) =>
    db`to_char(${db.unsafe(column)} at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD')`;
  const [row] = await db<PlanDraft[]>`
    -- A double lesson is two Fahrstunden, as everywhere (lesson_count, migration 0190).
    select coalesce(sum(lesson_count(appointment_type, starts_at, ends_at)), 0)::int as lessons,
           count(distinct student_id)::int as students,
           count(distinct instructor_id)::int as instructors,
           ${day("min(starts_at)")} as first_day, ${day("max(starts_at)")} as last_day
      from appointments
     where status = 'pending'
  `;
  return row;
}

/**
 * Refuses a publish or discard while a planner run waits or runs: a full run replaces the draft
 * when it finishes (a draft confirmed under its feet would collide with the lessons it writes), a
 * re-plan writes back the status it read. The share lock keeps a new run from being queued until
 * this transaction ends.
 */
export async function refuseWhilePlanning(tx: Db): Promise<void> {
  await tx`lock table planner_jobs in share mode`;
  const [active] = await tx`
    select 1 from planner_jobs where status in ('queued', 'running')
  `;
  if (active) {
    throw new AppError(
      409,
      "planner_busy",
      "Es läuft gerade eine Planung. Der Entwurf kann erst danach veröffentlicht oder verworfen " +
        "werden.",
    );
  }
}

/** One published appointment: who is told about it, and how many Fahrstunden it is. */
export interface PublishedLesson {
  id: number;
  student_id: number;
  instructor_id: number;
  /** 2 for a double lesson (lesson_count, migration 0190), else 1 */
  lessons: number;
}

/** Confirms every draft lesson; answers them. */
export async function confirmDraft(tx: Db): Promise<PublishedLesson[]> {
  return await tx<PublishedLesson[]>`
    update appointments set status = 'confirmed', updated_at = now()
     where status = 'pending'
    returning id::int, student_id::int, instructor_id::int,
              lesson_count(appointment_type, starts_at, ends_at) as lessons
  `;
}

/** Deletes every draft lesson; answers how many Fahrstunden they were (a double lesson is two). */
export async function deleteDraft(tx: Db): Promise<number> {
  const rows = await tx<{ lessons: number }[]>`
    delete from appointments where status = 'pending'
    returning lesson_count(appointment_type, starts_at, ends_at) as lessons
  `;
  return rows.reduce((sum, row) => sum + row.lessons, 0);
}
