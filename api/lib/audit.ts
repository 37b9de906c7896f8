import type { Sql } from "../../db/connection.ts";
import { atomically, type Tx } from "./transactions.ts";

export { type AuditAction, type AuditActor, recordAudit } from "../../db/audit_log.ts";

/**
 * Opens one transaction for a change and its audit line. People-module functions handed the
 * transaction write inside a savepoint of it (see atomically): their writes and the line then
 * commit together or not at all.
 */
export function inTransaction<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return atomically(sql, work);
}
