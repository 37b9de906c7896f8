import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { loginSchema } from "../../common/contract/session.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { clearCookie, readCookie, writeCookie } from "./cookies.ts";
import { timingDummyHash, verifyPassword } from "../../common/passwords.ts";
import {
  clearFailures,
  deleteSession,
  findUserForLogin,
  insertSession,
  recentFailures,
  recordFailure,
} from "./queries.ts";
import { randomToken, sha256Hex } from "./tokens.ts";

export const loginFailedMessage = "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.";
const maxFailures = 10;

/** CSRF token, current user, login and logout. */
export const authRoutes = new Hono<AppEnv>()
  .get("/csrf/", (c) => {
    let token = readCookie(c, "csrftoken");
    if (!token || !/^[0-9a-f]{64}$/.test(token)) {
      token = randomToken();
      writeCookie(c, "csrftoken", token, { maxAge: 60 * 60 * 24 * 365 });
    }
    return c.json({ csrfToken: token });
  })
  .get("/auth/current-user/", (c) => {
    const user = c.get("user");
    if (!user) throw new AppError(401, "not_authenticated", "Nicht angemeldet.");
    return c.json<AnswerOf<"GET /auth/current-user/">>(user);
  })
  .post("/auth/login/", validate("json", loginSchema), async (c) => {
    const sql = c.get("sql");
    const { username, password } = c.req.valid("json");
    if (await recentFailures(sql, username) >= maxFailures) {
      throw new AppError(
        429,
        "too_many_attempts",
        "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.",
      );
    }
    const user = await findUserForLogin(sql, username);
    // Unknown users are checked against a dummy hash so both failures take the same time.
    const ok = await verifyPassword(password, user?.password_hash ?? await timingDummyHash());
    if (!user || !ok || !user.is_active) {
      await recordFailure(sql, username);
      throw new AppError(401, "login_failed", loginFailedMessage);
    }
    await clearFailures(sql, username);
    const previous = c.get("sessionTokenHash");
    if (previous) await deleteSession(sql, previous);
    const token = randomToken();
    await insertSession(sql, await sha256Hex(token), user.id);
    writeCookie(c, "sessionid", token);
    const { password_hash: _hash, is_active: _active, ...publicUser } = user;
    return c.json<AnswerOf<"POST /auth/login/">>({ user: publicUser, ...publicUser });
  })
  .post("/auth/logout/", async (c) => {
    const hash = c.get("sessionTokenHash");
    if (hash) await deleteSession(c.get("sql"), hash);
    clearCookie(c, "sessionid");
    return c.json({ message: "Sie wurden abgemeldet." });
  });
