/** The unpublished draft of an earlier run, replaced by a new run's plan. */
import type { Db } from "../../db/connection.ts";

/** The status a full run's lessons get: the office publishes them (api/plan_draft/). */
export const DRAFT_STATUS = "pending";

/**
 * Deletes the earlier run's unpublished lessons, in the transaction that writes the new plan: the
 * new run was built without them (build_instance reads confirmed lessons only), so its lessons may
 * take their slots. A run limited to some people (`scope`, the test data) deletes only the draft
 * lessons that name one of them: the rest were fixed in its instance. Answers how many were deleted.
 */
export async function dropEarlierDraft(tx: Db, scope: number[] | null = null): Promise<number> {
  const rows = scope === null
    ? await tx`delete from appointments where status = ${DRAFT_STATUS} returning id`
    : await tx`
      delete from appointments
       where status = ${DRAFT_STATUS}
         and (student_id = any(${scope}::bigint[]) or instructor_id = any(${scope}::bigint[]))
      returning id
    `;
  return rows.length;
}
