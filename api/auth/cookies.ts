import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env.ts";

/** Over https the cookies get Secure and the __Host- prefix (no Domain, Path=/). */
function isSecure(c: Context<AppEnv>): boolean {
  return c.get("config").secureCookies || new URL(c.req.url).protocol === "https:";
}

function cookieName(c: Context<AppEnv>, base: string): string {
  return isSecure(c) ? `__Host-${base}` : base;
}

/** Reads a cookie by its base name ("sessionid", "csrftoken"). */
export function readCookie(c: Context<AppEnv>, base: string): string | undefined {
  return getCookie(c, cookieName(c, base));
}

/** Sets an HttpOnly, SameSite=Lax cookie; a session cookie when maxAge is not given. */
export function writeCookie(
  c: Context<AppEnv>,
  base: string,
  value: string,
  options: { maxAge?: number } = {},
): void {
  setCookie(c, cookieName(c, base), value, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    maxAge: options.maxAge,
  });
}

/** Removes a cookie set by writeCookie. */
export function clearCookie(c: Context<AppEnv>, base: string): void {
  deleteCookie(c, cookieName(c, base), { path: "/", secure: isSecure(c) });
}
