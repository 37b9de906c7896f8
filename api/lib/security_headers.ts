import type { MiddlewareHandler } from "hono";

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Security headers on every answer; personal API answers are never cached by the browser. HSTS
 * only where the browser reached us over TLS (a TLS proxy in front, SECURE_COOKIES=1, or https
 * itself): on plain http it is ignored by browsers at best and a wrong promise at worst.
 */
export function securityHeaders(options: { behindTls: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", contentSecurityPolicy);
    if (options.behindTls || new URL(c.req.url).protocol === "https:") {
      h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (c.req.path.startsWith("/api/") && !h.has("Cache-Control")) {
      h.set("Cache-Control", "no-store");
    }
  };
}
