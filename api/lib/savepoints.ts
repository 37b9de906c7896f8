import type { Sql } from "../../db/connection.ts";

/**
 * A stand-in for `sql` inside an open transaction: functions that open their own transaction with
 * sql.begin() (the people module's creates) get a savepoint of the outer one instead, so a caller
 * can create many users, or lock a row and create one, all or nothing, through the very same
 * queries a manual create runs. Only begin() is offered; that is all those functions call on it.
 */
export function savepoints(tx: Sql): Sql {
  const t = tx as unknown as { savepoint: (fn: (s: Sql) => Promise<unknown>) => Promise<unknown> };
  return { begin: (fn: (s: Sql) => Promise<unknown>) => t.savepoint(fn) } as unknown as Sql;
}
