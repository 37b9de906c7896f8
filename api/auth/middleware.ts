import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { readCookie } from "./cookies.ts";
import { userForSession } from "./queries.ts";
import { constantTimeEqual, sha256Hex } from "./tokens.ts";

/** Puts the session's user (or null) into the context for every /api call. */
export function loadUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readCookie(c, "sessionid");
    c.set("user", null);
    c.set("sessionTokenHash", null);
    c.set("sessionCsrfToken", null);
    if (token && /^[0-9a-f]{64}$/.test(token)) {
      const hash = await sha256Hex(token);
      const session = await userForSession(c.get("sql"), hash);
      if (session) {
        c.set("user", session.user);
        c.set("sessionTokenHash", hash);
        c.set("sessionCsrfToken", session.csrfToken);
      }
    }
    await next();
  };
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every state change needs the token of /api/csrf/ in X-CSRFToken: signed in, the one stored with
 * the session (a token of another session, or a forged cookie, does not pass); before sign-in,
 * the client's csrftoken cookie (double submit). Runs after loadUser.
 */
export function requireCsrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (stateChanging.has(c.req.method)) {
      const expected = c.get("sessionCsrfToken") ?? readCookie(c, "csrftoken");
      const header = c.req.header("X-CSRFToken");
      if (!expected || !header || !constantTimeEqual(expected, header)) {
        throw new AppError(
          403,
          "csrf_failed",
          "Sicherheitsprüfung fehlgeschlagen (CSRF). Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
        );
      }
    }
    await next();
  };
}

/** Any signed-in user; 401 otherwise. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("user")) {
      throw new AppError(401, "not_authenticated", "Bitte melden Sie sich an.");
    }
    await next();
  };
}

/** Administrators only: 401 for visitors, 403 for instructors and students. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) throw new AppError(401, "not_authenticated", "Bitte melden Sie sich an.");
    if (!user.is_staff) {
      throw new AppError(403, "forbidden", "Dafür fehlt Ihnen die Berechtigung.");
    }
    await next();
  };
}

/** The signed-in user; only call behind requireUser or requireAdmin. */
export function currentUser(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw new AppError(401, "not_authenticated", "Bitte melden Sie sich an.");
  return user;
}
