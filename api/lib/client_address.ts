import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/** The client's address as Deno.serve hands it to app.fetch; "unbekannt" without one. */
export function clientAddress(c: Context<AppEnv>): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  return info?.remoteAddr?.hostname ?? "unbekannt";
}
