import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { changePasswordSchema, newPasswordProblem } from "../../common/contract/session.ts";
import { generateCredential, hashPassword } from "../../common/passwords.ts";
import type { AppEnv } from "../env.ts";
import { currentUser, requireUser } from "../auth/middleware.ts";
import { verifyInPool } from "../auth/hash_pool.ts";
import { confirmFailure, releaseAttempt, reserveAttempt } from "../auth/throttle.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { idParam } from "../lib/id_param.ts";
import { invalid } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import {
  countInactiveAffected,
  managedPerson,
  passwordOf,
  personLabel,
  setActive,
  storePassword,
} from "./queries.ts";

/** POST /auth/change-password/: every signed-in user, for their own account. */
export const changePasswordRoutes = new Hono<AppEnv>()
  .post(
    "/auth/change-password/",
    requireUser(),
    validate("json", changePasswordSchema),
    async (c) => {
      const sql = c.get("sql");
      const user = currentUser(c);
      const body = c.req.valid("json");
      // The rules first: a weak new password costs no hash and no throttle place.
      const problem = newPasswordProblem(body.new_password, {
        username: user.username,
        currentPassword: body.current_password,
      });
      if (problem) throw invalid(problem);
      // Guessing the current password from an open session is throttled like a login.
      const account = `change:${user.id}`;
      const reservation = await reserveAttempt(sql, { account, address: null });
      const ok = await verifyInPool(body.current_password, await passwordOf(sql, user.id));
      if (!ok) {
        await confirmFailure(sql, reservation);
        throw invalid("Das aktuelle Passwort ist nicht richtig.");
      }
      await releaseAttempt(sql, reservation, account);
      const hash = await hashPassword(body.new_password);
      await inTransaction(sql, async (tx) => {
        await storePassword(tx, user.id, hash, { keepSession: c.get("sessionTokenHash") });
        await recordAudit(tx, user, "account.change_password", "Eigenes Passwort geändert", {
          user_id: user.id,
        });
      });
      return c.json<AnswerOf<"POST /auth/change-password/">>({
        message: "Ihr Passwort wurde geändert.",
      });
    },
  );

/** The office's side: reset a password, set a person inactive or active; under /api/admin. */
export const accountAdminRoutes = new Hono<AppEnv>()
  .post("/users/:id/reset-password/", async (c) => {
    const id = idParam(c.req.param("id"), "Benutzer");
    // Hashed before the transaction opens (the import's generator and its cheap hash).
    const credential = await generateCredential();
    const person = await inTransaction(c.get("sql"), async (tx) => {
      const person = await managedPerson(
        tx,
        id,
        "Administratorkonten können hier nicht zurückgesetzt werden.",
      );
      await storePassword(tx, id, credential.hash);
      await recordAudit(
        tx,
        c.get("user"),
        "person.reset_password",
        `Passwort von ${personLabel(person)} zurückgesetzt`,
        { user_id: id },
      );
      return person;
    });
    return c.json<AnswerOf<"POST /admin/users/{id}/reset-password/">>({
      name: person.name,
      username: person.username,
      password: credential.password,
    });
  })
  .post("/users/:id/deactivate/", async (c) => {
    const id = idParam(c.req.param("id"), "Benutzer");
    const { person, affected } = await inTransaction(c.get("sql"), async (tx) => {
      const person = await managedPerson(
        tx,
        id,
        "Administratorkonten können hier nicht deaktiviert werden.",
      );
      await setActive(tx, id, false);
      const affected = await countInactiveAffected(tx, id);
      await recordAudit(
        tx,
        c.get("user"),
        "person.deactivate",
        `${personLabel(person)} deaktiviert`,
        {
          user_id: id,
          affected,
        },
      );
      return { person, affected };
    });
    return c.json<AnswerOf<"POST /admin/users/{id}/deactivate/">>({
      message: `${person.name} wurde deaktiviert.`,
      is_active: false,
      affected,
    });
  })
  .post("/users/:id/activate/", async (c) => {
    const id = idParam(c.req.param("id"), "Benutzer");
    const person = await inTransaction(c.get("sql"), async (tx) => {
      const person = await managedPerson(
        tx,
        id,
        "Administratorkonten können hier nicht aktiviert werden.",
      );
      await setActive(tx, id, true);
      await recordAudit(tx, c.get("user"), "person.activate", `${personLabel(person)} aktiviert`, {
        user_id: id,
      });
      return person;
    });
    return c.json<AnswerOf<"POST /admin/users/{id}/activate/">>({
      message: `${person.name} wurde aktiviert.`,
      is_active: true,
      affected: 0,
    });
  });
