import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";

/** How many lines "Letzte Aktivitäten" shows (spec 01 §2); the rest is only counted. */
export const shownActivities = 10;

/** The server's activity log for the dashboard; mounted under /api/admin. */
export const activityRoutes = new Hono<AppEnv>()
  .get("/activity/", async (c) => {
    const sql = c.get("sql");
    const [rows, [{ total }]] = await Promise.all([
      sql<AnswerOf<"GET /admin/activity/">["results"]>`
        select id::int, summary, actor_name, action, created_at
          from audit_log
         order by created_at desc, id desc
         limit ${shownActivities}
      `,
      sql<{ total: number }[]>`select count(*)::int as total from audit_log`,
    ]);
    return c.json<AnswerOf<"GET /admin/activity/">>({
      results: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      total,
      more: Math.max(0, total - rows.length),
    });
  });
