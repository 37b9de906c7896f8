import { parseTrustedProxies, type TrustedProxies } from "./lib/trusted_proxies.ts";
import { readSmtpUrl } from "../common/smtp_url.ts";

/** Environment read and checked once. */
export interface Config {
  databaseUrl: string;
  port: number;
  /** Force Secure + __Host- cookies even when the request URL is http (behind a TLS proxy). */
  secureCookies: boolean;
  /** Maximum request body in bytes for JSON calls; uploads have their own limit. */
  maxBodyBytes: number;
  maxUploadBytes: number;
  webDist: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES; lib/trusted_proxies.ts). */
  trustedProxies: TrustedProxies;
  /**
   * SMTP_URL is set: the delivery worker (notify/main.ts) sends e-mail. Without it the outbox
   * keeps the messages, the office is told, and "Passwort vergessen?" sends people to the office.
   */
  emailConfigured: boolean;
  /**
   * PUSH_ALLOW_LOOPBACK=1: a push subscription may name an http:// endpoint on this machine (a
   * push service for tests). Otherwise only https://, so a subscription cannot make the delivery
   * worker post to the machine's own services.
   */
  pushAllowsLoopback: boolean;
}

const repositoryRoot = new URL("../", import.meta.url);

/** Reads the process environment into a Config; throws a readable error for bad values. */
export function readConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set");
  return {
    databaseUrl: env.DATABASE_URL,
    port,
    secureCookies: env.SECURE_COOKIES === "1",
    maxBodyBytes: 1024 * 1024,
    maxUploadBytes: 10 * 1024 * 1024,
    // The built web app is served as files at run time, never loaded as code.
    webDist: env.WEB_DIST ?? new URL("web/dist", repositoryRoot).pathname,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    emailConfigured: readSmtpUrl(env.SMTP_URL).url !== "",
    pushAllowsLoopback: env.PUSH_ALLOW_LOOPBACK === "1",
  };
}
