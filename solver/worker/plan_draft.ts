/** The unpublished draft of an earlier run, replaced by a new run's plan. */
import type { Db } from "../../db/connection.ts";

/** The status a full run's lessons get: the office publishes them (api/plan_draft/). */
export const DRAFT_STATUS = "pending";

/**
 * Deletes the earlier run's unpublished lessons, in the transaction that writes the new plan: the
 * new run was built without them (build_instance reads confirmed lessons only), so its lessons may
 * take their slots. Answers how many were deleted.
 */
export async function dropEarlierDraft(tx: Db): Promise<number> {
  const rows = await tx`delete from appointments where status = ${DRAFT_STATUS} returning id`;
  return rows.length;
}
