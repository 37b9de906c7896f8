import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { clientFromForwarded } from "./trusted_proxies.ts";

/**
 * The client's address: the peer's as Deno.serve hands it to app.fetch ("unbekannt" without
 * one), or, from a trusted proxy (TRUSTED_PROXIES), the address its X-Forwarded-For names.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const info = c.env as { remoteAddr?: { hostname?: string } } | undefined;
  const peer = info?.remoteAddr?.hostname ?? "unbekannt";
  const trusted = c.get("config")?.trustedProxies;
  if (!trusted) return peer;
  return clientFromForwarded(peer, c.req.header("X-Forwarded-For"), trusted);
}
