import type postgres from "postgres";
import type { Db } from "../../db/connection.ts";

/** An open transaction (or a savepoint inside one), as postgres.js hands it to begin(). */
export type Tx = postgres.TransactionSql;

/**
 * Where a write that must be all or nothing runs: the pool or an open transaction (the write then
 * gets a savepoint of it, so it can fail and be retried alone), or `{ within: tx }` to run right
 * in that transaction without a savepoint (two round trips fewer; the people import creates
 * hundreds of users in one transaction, and any error there aborts the whole file anyway).
 */
export type WriteScope = Db | { within: Tx };

/** Runs `work` all or nothing in the given scope (see WriteScope). */
export async function atomically<T>(scope: WriteScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  if ("within" in scope) return await work(scope.within);
  // postgres.js types the answer as UnwrapPromiseArray<T>, which is T for the non-array T we use.
  if ("savepoint" in scope) return await scope.savepoint(work) as T;
  return await scope.begin(work) as T;
}
