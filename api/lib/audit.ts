import type { Sql } from "../../db/connection.ts";
import { savepoints } from "./savepoints.ts";

export { type AuditAction, type AuditActor, recordAudit } from "../../db/audit_log.ts";

/**
 * Opens one transaction for a change and its audit line. `work` gets the transaction and a
 * stand-in for `sql` whose begin() is a savepoint of it, for people-module functions that open
 * their own transaction: their writes and the line then commit together or not at all.
 */
export async function inTransaction<T>(
  sql: Sql,
  work: (tx: Sql, inner: Sql) => Promise<T>,
): Promise<T> {
  return await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    return await work(tx, savepoints(tx));
  }) as T;
}
