import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { idParam } from "../lib/id_param.ts";
import { transmissionLabel } from "../../common/german_words.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import {
  vehicleDeleteQuerySchema,
  vehicleListQuerySchema,
} from "../../common/contract/list_queries.ts";
import { validate } from "../lib/validate.ts";
import { vehicleSchema } from "../../common/contract/vehicles.ts";
import { AppError } from "../lib/errors.ts";
import {
  addVehicle,
  futureLessons,
  listVehicles,
  lockVehicle,
  reassignLessons,
  updateVehicle,
} from "./queries.ts";

const lessonsWord = (n: number) => (n === 1 ? "1 künftigen Termin" : `${n} künftige Termine`);

/** The vehicle fleet (spec 02 §7); mounted under /api/admin. */
export const vehicleRoutes = new Hono<AppEnv>()
  // The fleet is small: one unpaged list, sorted and checked like every other list.
  .get("/vehicles/", validate("query", vehicleListQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/vehicles/">>({
      results: await listVehicles(c.get("sql"), c.req.valid("query")),
    });
  })
  .post("/vehicles/add/", validate("json", vehicleSchema), async (c) => {
    const { name, transmission } = c.req.valid("json");
    const vehicle = await inTransaction(c.get("sql"), async (tx) => {
      const added = await addVehicle(tx, name, transmission ?? "manual");
      await recordAudit(tx, c.get("user"), "vehicle.create", `Fahrzeug ${added.name} angelegt`, {
        vehicle_id: added.id,
      });
      return added;
    });
    return c.json<AnswerOf<"POST /admin/vehicles/add/">>(
      { ...vehicle, message: `Fahrzeug „${vehicle.name}“ wurde hinzugefügt.` },
      201,
    );
  })
  .put("/vehicles/:id/", validate("json", vehicleSchema), async (c) => {
    const id = idParam(c.req.param("id"), "Das Fahrzeug");
    const { name, transmission } = c.req.valid("json");
    const vehicle = await inTransaction(c.get("sql"), async (tx) => {
      const before = await lockVehicle(tx, id);
      const after = await updateVehicle(tx, id, name, transmission ?? before.transmission);
      // Future lessons keep their gearbox; a vehicle cannot switch away from what they need.
      if (after.transmission !== before.transmission && (await futureLessons(tx, id)).length) {
        throw new AppError(
          409,
          "vehicle_in_use",
          `Das Getriebe von „${before.name}“ kann nicht geändert werden, solange künftige Termine mit diesem Fahrzeug geplant sind.`,
        );
      }
      const changes = [
        before.name !== after.name ? `Kennzeichen ${before.name} → ${after.name}` : "",
        before.transmission !== after.transmission
          ? `Getriebe ${transmissionLabel(before.transmission)} → ${
            transmissionLabel(after.transmission)
          }`
          : "",
      ].filter(Boolean);
      await recordAudit(
        tx,
        c.get("user"),
        "vehicle.update",
        `Fahrzeug ${after.name} geändert${changes.length ? ` (${changes.join(", ")})` : ""}`,
        { vehicle_id: id, before, after },
      );
      return after;
    });
    return c.json<AnswerOf<"PUT /admin/vehicles/{id}/">>({
      ...vehicle,
      message: `Fahrzeug „${vehicle.name}“ wurde gespeichert.`,
    });
  })
  .delete("/vehicles/:id/", validate("query", vehicleDeleteQuerySchema), async (c) => {
    const id = idParam(c.req.param("id"), "Das Fahrzeug");
    const { reassign_to } = c.req.valid("query");
    const answer = await inTransaction(c.get("sql"), async (tx) => {
      const vehicle = await lockVehicle(tx, id);
      const lessons = await futureLessons(tx, id);
      let target: Awaited<ReturnType<typeof lockVehicle>> | null = null;
      if (lessons.length) {
        if (!reassign_to) {
          throw new AppError(
            409,
            "vehicle_in_use",
            `Das Fahrzeug „${vehicle.name}“ hat noch ${
              lessonsWord(lessons.length)
            }. Bitte weisen Sie diese zuerst einem anderen Fahrzeug zu.`,
          );
        }
        if (reassign_to === id) {
          throw new AppError(
            400,
            "validation_failed",
            "Bitte wählen Sie ein anderes Fahrzeug für die Termine aus.",
          );
        }
        target = await lockVehicle(tx, reassign_to);
        await reassignLessons(tx, vehicle, target, lessons);
      }
      await tx`delete from vehicles where id = ${id}`;
      await recordAudit(
        tx,
        c.get("user"),
        "vehicle.delete",
        target
          ? `Fahrzeug ${vehicle.name} gelöscht; ${
            lessonsWord(lessons.length)
          } auf ${target.name} umgebucht`
          : `Fahrzeug ${vehicle.name} gelöscht`,
        {
          vehicle_id: id,
          name: vehicle.name,
          reassigned_to: target?.id ?? null,
          lessons: lessons.length,
        },
      );
      return { vehicle, target, moved: lessons.length };
    });
    return c.json<AnswerOf<"DELETE /admin/vehicles/{id}/">>({
      message: answer.target
        ? `Fahrzeug „${answer.vehicle.name}“ wurde gelöscht; ${
          lessonsWord(answer.moved)
        } fahren jetzt mit „${answer.target.name}“.`
        : `Fahrzeug „${answer.vehicle.name}“ wurde gelöscht.`,
      reassigned: answer.moved,
    });
  });
