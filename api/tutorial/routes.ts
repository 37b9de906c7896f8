import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  type ChecklistKey,
  checklistKeys,
  serverToursOf,
  tourNames,
  tutorialStateChangeSchema,
} from "../../common/contract/tutorial.ts";
import type { AppEnv } from "../env.ts";
import { AppError, invalid } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";

function signedIn(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw new AppError(401, "not_authenticated", "Nicht angemeldet.");
  return user;
}

async function stateOf(sql: AppEnv["Variables"]["sql"], userId: number) {
  const rows = await sql<{ tour: string }[]>`
    select tour from tutorial_states where user_id = ${userId}
  `;
  const done = new Set(rows.map((r) => r.tour));
  return {
    completed: Object.fromEntries(tourNames.map((tour) => [tour, done.has(tour)])) as AnswerOf<
      "GET /my-tutorials/"
    >["completed"],
  };
}

/**
 * Which tours the signed-in user finished or quit; mounted under /api (/my-* needs a session).
 * Not an admin change, so nothing is written to the audit log.
 */
export const myTutorialRoutes = new Hono<AppEnv>()
  .get("/my-tutorials/", async (c) => {
    const user = signedIn(c);
    return c.json<AnswerOf<"GET /my-tutorials/">>(await stateOf(c.get("sql"), user.id));
  })
  .put("/my-tutorials/", validate("json", tutorialStateChangeSchema), async (c) => {
    const user = signedIn(c);
    const sql = c.get("sql");
    const { tour, completed } = c.req.valid("json");
    if (!serverToursOf[user.role].includes(tour)) {
      throw invalid("Dieses Tutorial gibt es für Ihr Konto nicht.");
    }
    if (completed) {
      await sql`
        insert into tutorial_states (user_id, tour) values (${user.id}, ${tour})
        on conflict (user_id, tour) do nothing
      `;
    } else {
      await sql`delete from tutorial_states where user_id = ${user.id} and tour = ${tour}`;
    }
    return c.json<AnswerOf<"PUT /my-tutorials/">>(await stateOf(sql, user.id));
  });

/**
 * The start checklist of an empty school, ticked from the real data; mounted under /api/admin.
 * Rules count as checked once an admin opened the rules screen or saved the planner settings;
 * planning once a run completed.
 */
export const startChecklistRoutes = new Hono<AppEnv>()
  .get("/start-checklist/", async (c) => {
    const [row] = await c.get("sql")<Record<ChecklistKey, boolean>[]>`
      select
        exists (select 1 from vehicles where is_active) as vehicles,
        exists (select 1 from users where role = 'instructor' and is_active) as instructors,
        (exists (select 1 from users where role = 'student' and is_active)
          or exists (select 1 from questionnaires)) as students,
        (exists (select 1 from planner_settings) or exists (select 1 from rules_reviewed))
          as rules,
        exists (select 1 from planner_jobs where status = 'completed') as planning
    `;
    const items = checklistKeys.map((key) => ({ key, done: row[key] }));
    return c.json<AnswerOf<"GET /admin/start-checklist/">>({
      items,
      all_done: items.every((item) => item.done),
    });
  })
  // The rules screen says it was looked at; the first time counts, no audit line (a mere view).
  .post("/rules-reviewed/", async (c) => {
    await c.get("sql")`insert into rules_reviewed (id) values (1) on conflict (id) do nothing`;
    return c.json<AnswerOf<"POST /admin/rules-reviewed/">>({
      message: "Regeln angesehen.",
    });
  });
