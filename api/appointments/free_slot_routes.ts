import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { freeSlotsQuerySchema } from "../../common/contract/free_slots.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { freeSlots } from "./free_slots.ts";

/**
 * Mounted under /api/admin (admins only, like every change of a lesson by hand): the next free
 * slots for the student the add or move dialog names (issue 25, point 5).
 */
export const freeSlotRoutes = new Hono<AppEnv>()
  .get("/free-slots/", validate("query", freeSlotsQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/free-slots/">>(
      await freeSlots(c.get("sql"), c.req.valid("query")),
    );
  });
