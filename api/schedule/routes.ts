import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { loadScheduleAvailability } from "./availability.ts";
import { loadSchedule } from "./queries.ts";
import { scheduleQuerySchema } from "../../common/contract/schedule.ts";

/** Mounted under /api/admin (admins only): the overview of all instructors' lessons. */
export const scheduleRoutes = new Hono<AppEnv>()
  .get("/schedule/", validate("query", scheduleQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/schedule/">>(
      await loadSchedule(c.get("sql"), c.req.valid("query")),
    );
  })
  .get("/schedule/availability/", validate("query", scheduleQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/schedule/availability/">>(
      await loadScheduleAvailability(c.get("sql"), c.req.valid("query")),
    );
  });
