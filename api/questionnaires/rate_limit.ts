import type { MiddlewareHandler } from "hono";
import type { Sql } from "../../db/connection.ts";
import { clientAddress } from "../lib/client_address.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";

/** A ceiling of requests per client address in a fixed window. */
export interface RateLimit {
  /** Counter name, so that several limits can share the table. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request of `address`; false when it is over the limit in this window. The counts
 * live in the database (request_counts), so several API processes share one limit and a restart
 * forgets nothing.
 */
export async function takeRequest(sql: Sql, limit: RateLimit, address: string): Promise<boolean> {
  const [row] = await sql<{ count: number }[]>`
    insert into request_counts (key, window_start, count)
    values (
      ${`${limit.name}:${address}`},
      to_timestamp(floor(extract(epoch from now()) / ${limit.windowSeconds}) * ${limit.windowSeconds}),
      1
    )
    on conflict (key, window_start) do update set count = request_counts.count + 1
    returning count
  `;
  // A new window: finished ones are worthless; trimming here keeps the table small without a job.
  if (row.count === 1) {
    await sql`delete from request_counts where window_start < now() - interval '1 day'`;
  }
  return row.count <= limit.limit;
}

/**
 * The public questionnaire calls are the only ones a stranger can make without signing in, so
 * they get a ceiling per client address (issue 10).
 */
export function rateLimit(limit: RateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!await takeRequest(c.get("sql"), limit, clientAddress(c))) {
      throw new AppError(
        429,
        "rate_limited",
        "Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
      );
    }
    await next();
  };
}
