import { Hono } from "hono";
import { activityQuerySchema, activityRetentionSchema } from "../../common/contract/admin_data.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { validate } from "../lib/validate.ts";
import { activityPage, retentionMonths, withinRetention } from "./queries.ts";

/** How many lines "Letzte Aktivitäten" shows (spec 01 §2); the rest is only counted. */
export const shownActivities = 10;

/** The server's activity log for the dashboard and its own page; mounted under /api/admin. */
export const activityRoutes = new Hono<AppEnv>()
  .get("/activity/", async (c) => {
    const sql = c.get("sql");
    const [rows, [{ total }]] = await Promise.all([
      sql<AnswerOf<"GET /admin/activity/">["results"]>`
        select id::int, summary, actor_name, action, created_at
          from audit_log
         where ${withinRetention(sql)}
         order by created_at desc, id desc
         limit ${shownActivities}
      `,
      sql<{ total: number }[]>`
        select count(*)::int as total from audit_log where ${withinRetention(sql)}`,
    ]);
    return c.json<AnswerOf<"GET /admin/activity/">>({
      results: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      total,
      more: Math.max(0, total - rows.length),
    });
  })
  .get("/activity/all/", validate("query", activityQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/activity/all/">>(
      await activityPage(c.get("sql"), c.req.valid("query")),
    );
  })
  .put("/activity/retention/", validate("json", activityRetentionSchema), async (c) => {
    const { retention_months } = c.req.valid("json");
    await inTransaction(c.get("sql"), async (tx) => {
      await tx`
        update school_settings set audit_retention_months = ${retention_months}, updated_at = now()
         where id = 1
      `;
      // The line's write also deletes what the new retention no longer keeps, at once.
      await recordAudit(
        tx,
        c.get("user"),
        "settings.activity_retention",
        `Aufbewahrung der Aktivitäten: ${retention_months} ${
          retention_months === 1 ? "Monat" : "Monate"
        }`,
        { retention_months },
      );
    });
    return c.json<AnswerOf<"PUT /admin/activity/retention/">>({
      retention_months: await retentionMonths(c.get("sql")),
    });
  });
