import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../auth/middleware.ts";
import { recordAudit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import { notifyPlanPublished } from "../../db/notification_outbox.ts";
import { confirmDraft, deleteDraft, planDraft, refuseWhilePlanning } from "./queries.ts";

const lessonsWord = (n: number) => `${n} ${n === 1 ? "Fahrstunde" : "Fahrstunden"}`;
const noDraft = () =>
  new AppError(409, "no_draft", "Es gibt keinen Planentwurf, der noch offen wäre.");

/**
 * Mounted under /api/admin (admins only): the planner's draft, its publication ("Plan
 * veröffentlichen") and its discarding ("Entwurf verwerfen").
 */
export const planDraftRoutes = new Hono<AppEnv>()
  .get("/plan-draft/", async (c) => {
    return c.json<AnswerOf<"GET /admin/plan-draft/">>(await planDraft(c.get("sql")));
  })
  .post("/publish-plan/", async (c) => {
    const actor = currentUser(c);
    const published = await c.get("sql").begin(async (tx) => {
      await refuseWhilePlanning(tx);
      const lessons = await confirmDraft(tx);
      if (lessons.length === 0) throw noDraft();
      const people = new Set(lessons.flatMap((l) => [l.student_id, l.instructor_id])).size;
      // Fahrstunden, not rows: a double lesson is two.
      const count = lessons.reduce((sum, l) => sum + l.lessons, 0);
      // One e-mail per person with all their new lessons, queued in this transaction.
      await notifyPlanPublished(tx, lessons.map((l) => l.id));
      await recordAudit(
        tx,
        actor,
        "planner.publish",
        `Plan veröffentlicht: ${lessonsWord(count)} für ${people} ` +
          (people === 1 ? "Person" : "Personen"),
        { appointments: lessons.length, lessons: count, people },
      );
      return { lessons: count, people };
    });
    return c.json<AnswerOf<"POST /admin/publish-plan/">>({
      message: `Plan veröffentlicht: ${lessonsWord(published.lessons)} für ${published.people} ` +
        (published.people === 1 ? "Person." : "Personen."),
      ...published,
    });
  })
  .post("/discard-plan/", async (c) => {
    const actor = currentUser(c);
    const lessons = await c.get("sql").begin(async (tx) => {
      await refuseWhilePlanning(tx);
      const deleted = await deleteDraft(tx);
      if (deleted === 0) throw noDraft();
      await recordAudit(
        tx,
        actor,
        "planner.discard",
        `Planentwurf verworfen: ${lessonsWord(deleted)} gelöscht`,
        { appointments: deleted },
      );
      return deleted;
    });
    return c.json<AnswerOf<"POST /admin/discard-plan/">>({
      message: `Entwurf verworfen: ${lessonsWord(lessons)} gelöscht.`,
      lessons,
    });
  });
