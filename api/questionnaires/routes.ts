import { Hono } from "hono";
import { readPickupPointNames } from "../../db/pickup_points.ts";
import { idParam } from "../lib/id_param.ts";
import type { Context } from "hono";
import type {
  AdminQuestionnaire,
  Approval,
  PublicQuestionnaire,
  Submitted,
} from "../../common/contract/questionnaires.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { invalid } from "../lib/errors.ts";
import { isBlank, parseEmail } from "../people/values.ts";
import { schoolDay } from "../../common/time.ts";
import { checkAnswers } from "./answers.ts";
import { adminView, questionnaireUrl, statusDisplay, statusOf } from "./present.ts";
import {
  approve,
  createQuestionnaire,
  listQuestionnaires,
  questionnaireById,
  questionnaireByToken,
  submitAnswers,
  updateAnswers,
} from "./queries.ts";
import { type RateLimit, rateLimit } from "./rate_limit.ts";
import { answersSchema, createSchema } from "../../common/contract/questionnaire_requests.ts";

const url = (c: Context<AppEnv>, token: string) =>
  questionnaireUrl(c.req.url, c.get("config"), token);

function personOf(
  input: { first_name?: string | null; last_name?: string | null; name?: string | null },
) {
  let first = (input.first_name ?? "").trim();
  let last = (input.last_name ?? "").trim();
  if (!first && !last && input.name) {
    const full = input.name.trim().replace(/\s+/g, " ");
    const cut = full.lastIndexOf(" ");
    [first, last] = cut > 0 ? [full.slice(0, cut), full.slice(cut + 1)] : ["", full];
  }
  if (!first) throw invalid("Vorname ist erforderlich.");
  if (!last) throw invalid("Nachname ist erforderlich.");
  return { first_name: first, last_name: last };
}

/** Questionnaire administration (spec 01 §2, §4, §7); mounted under /api/admin. */
export const questionnaireAdminRoutes = new Hono<AppEnv>()
  .post("/questionnaires/create/", validate("json", createSchema), async (c) => {
    const input = c.req.valid("json");
    if (isBlank(input.email)) throw invalid("E-Mail-Adresse ist erforderlich.");
    const email = parseEmail(input.email).toLowerCase();
    const person = { ...personOf(input), email };
    const row = await inTransaction(c.get("sql"), async (tx) => {
      const created = await createQuestionnaire(tx, person);
      await recordAudit(
        tx,
        c.get("user"),
        "questionnaire.create",
        `Fragebogen für ${person.first_name} ${person.last_name} erstellt`,
        { questionnaire_id: created.id },
      );
      return created;
    });
    return c.json<AnswerOf<"POST /admin/questionnaires/create/">>(
      { questionnaire: adminView(row, url(c, row.token), { answers: false }) },
      201,
    );
  })
  .get("/questionnaires/", async (c) => {
    const rows = await listQuestionnaires(c.get("sql"));
    return c.json<AnswerOf<"GET /admin/questionnaires/">>({
      results: rows.map((row) => adminView(row, url(c, row.token), { answers: false })),
    });
  })
  .get("/questionnaires/:id/", async (c) => {
    const row = await questionnaireById(c.get("sql"), idParam(c.req.param("id"), "Fragebogen"));
    return c.json<{ questionnaire: AdminQuestionnaire }>({
      questionnaire: adminView(row, url(c, row.token), { answers: true }),
    });
  })
  .put("/questionnaires/:id/", validate("json", answersSchema), async (c) => {
    const sql = c.get("sql");
    const id = idParam(c.req.param("id"), "Fragebogen");
    // The admin may correct an old answer: the "vacation not in the past" rule is the form's.
    const answers = checkAnswers(c.req.valid("json"), null, {
      pickupPoints: await readPickupPointNames(sql),
    });
    await inTransaction(sql, async (tx) => {
      await updateAnswers(tx, id, answers);
      await recordAudit(
        tx,
        c.get("user"),
        "questionnaire.update",
        `Fragebogen von ${answers.first_name} ${answers.last_name} bearbeitet`,
        { questionnaire_id: id },
      );
    });
    const row = await questionnaireById(sql, id);
    return c.json({
      message: "Fragebogen gespeichert.",
      questionnaire: adminView(row, url(c, row.token), { answers: true }),
    });
  })
  .post("/questionnaires/:id/approve/", async (c) => {
    const created = await approve(
      c.get("sql"),
      idParam(c.req.param("id"), "Fragebogen"),
      c.get("user"),
    );
    return c.json<Approval>({
      message: `Fragebogen genehmigt: ${created.name} ist jetzt als Fahrschüler angelegt.`,
      username: created.username,
      password: created.password,
      student_id: created.id,
    });
  });

/** Per address: enough for filling in a form many times over, too few for scanning tokens. */
export const publicLimit: RateLimit = { name: "fragebogen", limit: 60, windowSeconds: 10 * 60 };

const thanks = "Vielen Dank! Ihr Fragebogen wurde übermittelt. Die Fahrschule meldet sich bald.";

const notFoundOrExpired = () =>
  new AppError(404, "not_found", "Fragebogen nicht gefunden oder abgelaufen.");

/** The tutorial's example link (spec 02: for 'demo' no real submission is implied). */
export const demoToken = "demo";

/** A token as newToken() makes them; anything else is not looked up at all. */
async function byToken(c: Context<AppEnv>) {
  const token = c.req.param("token") ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFoundOrExpired();
  const row = await questionnaireByToken(c.get("sql"), token);
  // Unknown and expired look alike: the answer tells nothing about other links.
  if (!row || statusOf(row) === "expired") throw notFoundOrExpired();
  return row;
}

/** The public questionnaire (spec 02 §7), no sign-in; mounted under /api. */
export const questionnairePublicRoutes = new Hono<AppEnv>()
  .use("/fragebogen/*", rateLimit(publicLimit))
  .get("/fragebogen/:token/", async (c) => {
    if (c.req.param("token") === demoToken) {
      return c.json<PublicQuestionnaire>({
        status: "pending",
        status_display: statusDisplay.pending,
        demo: true,
        pickup_points: await readPickupPointNames(c.get("sql")),
      });
    }
    const row = await byToken(c);
    const status = statusOf(row);
    // Only the open form is prefilled with the name the office typed; once handed in, the
    // link answers its status and nothing of the answers.
    return c.json<PublicQuestionnaire>(
      status === "pending"
        ? {
          status,
          status_display: statusDisplay[status],
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          expires_at: row.expires_at,
          pickup_points: await readPickupPointNames(c.get("sql")),
        }
        : { status, status_display: statusDisplay[status] },
    );
  })
  .post("/fragebogen/:token/", validate("json", answersSchema), async (c) => {
    if (c.req.param("token") === demoToken) {
      // The demo checks the form like a real one and stores nothing.
      checkAnswers(c.req.valid("json"), schoolDay(), {
        pickupPoints: await readPickupPointNames(c.get("sql")),
      });
      return c.json<Submitted>({ message: thanks, status: "submitted", demo: true });
    }
    const row = await byToken(c);
    if (row.status !== "pending") {
      throw new AppError(409, "already_submitted", "Dieser Fragebogen wurde bereits abgesendet.");
    }
    const input = c.req.valid("json");
    // The student chooses the licence class in the form (issue 25, point 13); the office may
    // correct it before approving. Without one (an older form) it is B.
    const answers = checkAnswers(input, schoolDay(), {
      pickupPoints: await readPickupPointNames(c.get("sql")),
    });
    await submitAnswers(c.get("sql"), row.id, answers);
    return c.json<Submitted>({
      message: thanks,
      status: "submitted",
      status_display: statusDisplay.submitted,
    });
  });
