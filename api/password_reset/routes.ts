import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  newPasswordProblem,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from "../../common/contract/session.ts";
import { hashPassword } from "../../common/passwords.ts";
import type { AppEnv } from "../env.ts";
import { storePassword } from "../accounts/queries.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { publicOrigin } from "../lib/public_origin.ts";
import { validate } from "../lib/validate.ts";
import { resetTokenOpen, sendResetLinks, takeResetToken } from "./queries.ts";

/** The one answer to every request, whether or not the address belongs to someone. */
export const resetRequestedMessage =
  "Wenn zu dieser E-Mail-Adresse ein Konto gehört, haben wir einen Link zum Festlegen eines " +
  "neuen Passworts geschickt. Er gilt eine Stunde.";
const badLink =
  "Der Link ist ungültig, abgelaufen oder wurde schon benutzt. Bitte fordern Sie einen neuen an.";

/** "Passwort vergessen?" (issue 23), no session needed; mounted under /api. */
export const passwordResetRoutes = new Hono<AppEnv>()
  .get("/auth/password-reset/", (c) => {
    return c.json<AnswerOf<"GET /auth/password-reset/">>({
      email_configured: c.get("config").emailConfigured,
    });
  })
  .post("/auth/password-reset/", validate("json", passwordResetRequestSchema), async (c) => {
    if (!c.get("config").emailConfigured) {
      throw new AppError(
        409,
        "email_not_configured",
        "Ihre Fahrschule verschickt keine E-Mails. Bitte wenden Sie sich an das Fahrschulbüro: " +
          "Dort wird Ihr Passwort zurückgesetzt.",
      );
    }
    const origin = publicOrigin(c.req.url, c.get("config"));
    // The token rides in the fragment: it never reaches a server log or a Referer header.
    const linkFor = (token: string) => `${origin}/passwort-neu#${token}`;
    await inTransaction(
      c.get("sql"),
      (tx) => sendResetLinks(tx, c.req.valid("json").email, linkFor),
    );
    return c.json<AnswerOf<"POST /auth/password-reset/">>({ message: resetRequestedMessage });
  })
  .post(
    "/auth/password-reset/confirm/",
    validate("json", passwordResetConfirmSchema),
    async (c) => {
      const { token, new_password } = c.req.valid("json");
      // A wrong token costs no password hash: guessing links cannot load the server.
      if (!(await resetTokenOpen(c.get("sql"), token))) throw invalid(badLink);
      const hash = await hashPassword(new_password);
      await inTransaction(c.get("sql"), async (tx) => {
        const person = await takeResetToken(tx, token);
        if (!person) throw invalid(badLink);
        const problem = newPasswordProblem(new_password, {
          username: person.username,
          currentPassword: "",
        });
        if (problem) throw invalid(problem);
        // The trigger of migration 0015 ends every session of the person.
        await storePassword(tx, person.id, hash);
        await recordAudit(
          tx,
          { id: person.id, username: person.username },
          "account.reset_by_link",
          "Passwort über den E-Mail-Link neu festgelegt",
          { user_id: person.id },
        );
      });
      return c.json<AnswerOf<"POST /auth/password-reset/confirm/">>({
        message: "Ihr neues Passwort ist gespeichert. Bitte melden Sie sich damit an.",
      });
    },
  );
