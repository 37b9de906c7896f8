import { Hono } from "hono";
import { idParam } from "../lib/id_param.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  appointmentCancelSchema,
  appointmentCreateSchema,
  appointmentMoveSchema,
} from "../../common/contract/appointment_detail.ts";
import { currentUser } from "../auth/middleware.ts";
import type { AppEnv } from "../env.ts";
import { notFound } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import {
  appointmentChoices,
  appointmentDetail,
  cancelAppointment,
  createAppointment,
  deleteAppointment,
  moveAppointment,
} from "./change_queries.ts";
import type { Db } from "../../db/connection.ts";

async function detailOr404(db: Db, id: number) {
  const detail = await appointmentDetail(db, id);
  if (!detail) throw notFound("Der Termin");
  return detail;
}

/**
 * Mounted under /api/admin (admins only): one appointment seen, added by hand,
 * moved, cancelled and deleted; each change is checked for conflicts and written to the audit log.
 */
export const appointmentChangeRoutes = new Hono<AppEnv>()
  .get("/appointments/choices/", async (c) => {
    return c.json<AnswerOf<"GET /admin/appointments/choices/">>(
      await appointmentChoices(c.get("sql")),
    );
  })
  .post("/appointments/", validate("json", appointmentCreateSchema), async (c) => {
    const sql = c.get("sql");
    const id = await createAppointment(sql, currentUser(c), c.req.valid("json"));
    return c.json<AnswerOf<"POST /admin/appointments/">>(await detailOr404(sql, id), 201);
  })
  .get("/appointments/:id{[0-9]+}/", async (c) => {
    return c.json<AnswerOf<"GET /admin/appointments/{id}/">>(
      await detailOr404(c.get("sql"), idParam(c.req.param("id"), "Der Termin")),
    );
  })
  .patch("/appointments/:id{[0-9]+}/", validate("json", appointmentMoveSchema), async (c) => {
    const sql = c.get("sql");
    const id = idParam(c.req.param("id"), "Der Termin");
    await moveAppointment(sql, currentUser(c), id, c.req.valid("json"));
    return c.json<AnswerOf<"PATCH /admin/appointments/{id}/">>(await detailOr404(sql, id));
  })
  .post(
    "/appointments/:id{[0-9]+}/cancel/",
    validate("json", appointmentCancelSchema),
    async (c) => {
      const sql = c.get("sql");
      const id = idParam(c.req.param("id"), "Der Termin");
      await cancelAppointment(sql, currentUser(c), id, c.req.valid("json").reason);
      return c.json<AnswerOf<"POST /admin/appointments/{id}/cancel/">>(await detailOr404(sql, id));
    },
  )
  .delete("/appointments/:id{[0-9]+}/", async (c) => {
    await deleteAppointment(c.get("sql"), currentUser(c), idParam(c.req.param("id"), "Der Termin"));
    return c.json<AnswerOf<"DELETE /admin/appointments/{id}/">>({
      message: "Termin gelöscht",
    });
  });
