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

/**
 * A stand-in for `sql` inside an open transaction whose begin() runs the function right in that
 * transaction, without a savepoint: two round trips fewer per call (the people import creates
 * hundreds of users in one transaction). Any error aborts the whole transaction, so a create's
 * own retry (a username taken by a parallel create) cannot happen; the caller fails as a whole.
 */
export function sameTransaction(tx: Sql): Sql {
  return { begin: (fn: (s: Sql) => Promise<unknown>) => fn(tx) } as unknown as Sql;
}
