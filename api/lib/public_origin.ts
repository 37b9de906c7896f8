import type { Config } from "../config.ts";

/**
 * The app's address as people outside reach it, for links and QR codes: the request's origin,
 * with https whenever the app runs behind TLS (secure cookies on), since the proxy speaks http.
 */
export function publicOrigin(requestUrl: string, config: Config): string {
  const url = new URL(requestUrl);
  if (config.secureCookies) url.protocol = "https:";
  return url.origin;
}
