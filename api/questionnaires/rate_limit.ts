import type { MiddlewareHandler } from "hono";
import { clientAddress } from "../lib/client_address.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";

/**
 * A fixed-window counter per client address, in memory: the public questionnaire calls are the
 * only ones a stranger can make without signing in, so they get a ceiling (issue 10). One
 * process serves the app; a restart forgets the counts, which is harmless for a ceiling.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(readonly limit: number, readonly windowMs: number) {}

  /** Counts one request; false when the address is over its limit in this window. */
  take(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      // Keep the map small: drop finished windows when it grows.
      if (this.hits.size > 10_000) {
        for (const [k, e] of this.hits) if (e.resetAt <= now) this.hits.delete(k);
      }
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  reset() {
    this.hits.clear();
  }
}

export function rateLimit(limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!limiter.take(clientAddress(c))) {
      throw new AppError(
        429,
        "rate_limited",
        "Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
      );
    }
    await next();
  };
}
