import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { loginSchema } from "../../common/contract/session.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { clearCookie, readCookie, writeCookie } from "./cookies.ts";
import { timingDummyHash } from "../../common/passwords.ts";
import { clientAddress } from "../lib/client_address.ts";
import { verifyInPool } from "./hash_pool.ts";
import { deleteSession, findUserForLogin, insertSession } from "./queries.ts";
import { confirmFailure, releaseAttempt, reserveAttempt } from "./throttle.ts";
import { randomToken, sha256Hex } from "./tokens.ts";
import { deviceHash, isTrustedDevice, trustDevice } from "./trusted_devices.ts";

export const loginFailedMessage = "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.";
export const inactiveMessage =
  "Dieses Konto ist deaktiviert. Bitte wenden Sie sich an die Fahrschule.";

/** CSRF token, current user, login and logout. */
export const authRoutes = new Hono<AppEnv>()
  .get("/csrf/", (c) => {
    const sessionToken = c.get("sessionCsrfToken");
    if (sessionToken) return c.json<AnswerOf<"GET /csrf/">>({ csrfToken: sessionToken });
    let token = readCookie(c, "csrftoken");
    if (!token || !/^[0-9a-f]{64}$/.test(token)) {
      token = randomToken();
      writeCookie(c, "csrftoken", token, { maxAge: 60 * 60 * 24 * 365 });
    }
    return c.json<AnswerOf<"GET /csrf/">>({ csrfToken: token });
  })
  .get("/auth/current-user/", (c) => {
    const user = c.get("user");
    if (!user) throw new AppError(401, "not_authenticated", "Nicht angemeldet.");
    return c.json<AnswerOf<"GET /auth/current-user/">>(user);
  })
  .post("/auth/login/", validate("json", loginSchema), async (c) => {
    const sql = c.get("sql");
    const { username, password } = c.req.valid("json");
    const user = await findUserForLogin(sql, username);
    // Username and e-mail of one account count as one; a browser that signed in to it before
    // counts apart, so strangers' failures do not lock the owner out.
    const device = await deviceHash(c);
    const account = await isTrustedDevice(sql, device, user?.id)
      ? `device:${device}`
      : user
      ? `user:${user.id}`
      : `name:${username.toLowerCase()}`;
    // A known browser has its own allowance: failures from its address do not lock it out.
    const reservation = await reserveAttempt(sql, {
      account,
      address: account.startsWith("device:") ? null : `addr:${clientAddress(c)}`,
    });
    // Unknown users are checked against a dummy hash so both failures take the same time.
    const ok = await verifyInPool(password, user?.password_hash ?? await timingDummyHash());
    if (!user || !ok) {
      await confirmFailure(sql, reservation);
      throw new AppError(401, "login_failed", loginFailedMessage);
    }
    await releaseAttempt(sql, reservation, account);
    // Only after the right password: a stranger learns nothing about the account.
    if (!user.is_active) throw new AppError(403, "account_inactive", inactiveMessage);
    const previous = c.get("sessionTokenHash");
    if (previous) await deleteSession(sql, previous);
    const token = randomToken();
    await insertSession(sql, await sha256Hex(token), user.id, randomToken());
    writeCookie(c, "sessionid", token);
    await trustDevice(c, user.id);
    const { password_hash: _hash, is_active: _active, ...publicUser } = user;
    return c.json<AnswerOf<"POST /auth/login/">>({ user: publicUser, ...publicUser });
  })
  .post("/auth/logout/", async (c) => {
    const hash = c.get("sessionTokenHash");
    if (hash) await deleteSession(c.get("sql"), hash);
    clearCookie(c, "sessionid");
    return c.json<AnswerOf<"POST /auth/logout/">>({ message: "Sie wurden abgemeldet." });
  });
