import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { pickupPointSchema } from "../../common/contract/pickup_points.ts";
import type { Db } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { idParam } from "../lib/id_param.ts";
import { validate } from "../lib/validate.ts";

function listPickupPoints(sql: Db) {
  return sql<{ id: number; name: string; address: string; students: number }[]>`
    select p.id::int, p.name, p.address,
           (select count(*)::int from student_profiles s where s.start_location = p.name)
             as students
      from pickup_points p
     order by p.position, lower(p.name)
  `;
}

const nameTaken = (name: string) =>
  new AppError(409, "duplicate", `Den Treffpunkt „${name}“ gibt es schon.`);

async function refuseTakenName(tx: Db, name: string, except = 0) {
  const [taken] = await tx`
    select 1 from pickup_points where lower(name) = lower(${name}) and id <> ${except}`;
  if (taken) throw nameTaken(name);
}

/**
 * The school's pickup points (issue 22); mounted under /api/admin. A rename carries over to the
 * students who start there; a point that students still use is not deleted.
 */
export const pickupPointRoutes = new Hono<AppEnv>()
  .get("/pickup-points/", async (c) => {
    return c.json<AnswerOf<"GET /admin/pickup-points/">>({
      results: [...await listPickupPoints(c.get("sql"))],
    });
  })
  .post("/pickup-points/", validate("json", pickupPointSchema), async (c) => {
    const { name, address } = c.req.valid("json");
    await inTransaction(c.get("sql"), async (tx) => {
      // Concurrent adds of the same name: the unique index decides, one waits for the other.
      await tx`lock table pickup_points in share row exclusive mode`;
      await refuseTakenName(tx, name);
      await tx`
        insert into pickup_points (name, address, position)
        select ${name}, ${address?.trim() ?? ""}, coalesce(max(position), 0) + 1 from pickup_points
      `;
      await recordAudit(tx, c.get("user"), "pickup_point.add", `Treffpunkt „${name}“ angelegt`);
    });
    return c.json<AnswerOf<"POST /admin/pickup-points/">>(
      { results: [...await listPickupPoints(c.get("sql"))] },
      201,
    );
  })
  .put("/pickup-points/:id/", validate("json", pickupPointSchema), async (c) => {
    const id = idParam(c.req.param("id"), "Treffpunkt");
    const { name, address } = c.req.valid("json");
    await inTransaction(c.get("sql"), async (tx) => {
      const [old] = await tx<{ name: string }[]>`
        select name from pickup_points where id = ${id} for update`;
      if (!old) throw notFound("Treffpunkt");
      await refuseTakenName(tx, name, id);
      await tx`update pickup_points set name = ${name}, address = ${address?.trim() ?? ""}
               where id = ${id}`;
      if (old.name !== name) {
        await tx`update student_profiles set start_location = ${name}
                 where start_location = ${old.name}`;
      }
      await recordAudit(
        tx,
        c.get("user"),
        "pickup_point.update",
        old.name === name
          ? `Treffpunkt „${name}“ bearbeitet`
          : `Treffpunkt „${old.name}“ umbenannt in „${name}“`,
      );
    });
    return c.json<AnswerOf<"PUT /admin/pickup-points/{id}/">>({
      results: [...await listPickupPoints(c.get("sql"))],
    });
  })
  .delete("/pickup-points/:id/", async (c) => {
    const id = idParam(c.req.param("id"), "Treffpunkt");
    await inTransaction(c.get("sql"), async (tx) => {
      const [point] = await tx<{ name: string }[]>`
        select name from pickup_points where id = ${id} for update`;
      if (!point) throw notFound("Treffpunkt");
      const [used] = await tx<{ n: number }[]>`
        select count(*)::int as n from student_profiles where start_location = ${point.name}`;
      if (used.n > 0) {
        throw new AppError(
          409,
          "in_use",
          `Der Treffpunkt „${point.name}“ ist noch ${
            used.n === 1 ? "einem Fahrschüler" : `${used.n} Fahrschülern`
          } zugeordnet. Bitte ändern Sie zuerst deren Treffpunkt.`,
        );
      }
      await tx`delete from pickup_points where id = ${id}`;
      await recordAudit(
        tx,
        c.get("user"),
        "pickup_point.delete",
        `Treffpunkt „${point.name}“ gelöscht`,
      );
    });
    return c.json<AnswerOf<"DELETE /admin/pickup-points/{id}/">>({
      results: [...await listPickupPoints(c.get("sql"))],
    });
  });
