import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { validate } from "../lib/validate.ts";
import { addVehicle, listVehicles, vehicleSortKeys } from "./queries.ts";

const maxPlateLength = 20;

const vehicleSchema = z.object({
  name: z.string({ error: "Bitte geben Sie das Kennzeichen ein." })
    // Inner runs of spaces collapse, so "B-PL  1234" and "B-PL 1234" count as the same plate.
    .transform((name) => name.trim().replace(/\s+/g, " "))
    .pipe(
      z.string()
        .min(1, "Bitte geben Sie das Kennzeichen ein.")
        .max(maxPlateLength, `Das Kennzeichen darf höchstens ${maxPlateLength} Zeichen lang sein.`),
    ),
  transmission: z.enum(["manual", "automatic"], {
    error: "Das Getriebe muss „manual“ oder „automatic“ sein.",
  }).nullish(),
});

/** The vehicle fleet (spec 02 §7); mounted under /api/admin. */
export const vehicleRoutes = new Hono<AppEnv>()
  .get("/vehicles/", async (c) => {
    const sortBy = c.req.query("sort_by")?.trim() || "name";
    const direction = c.req.query("sort_direction")?.trim().toLowerCase() || "asc";
    if (!(vehicleSortKeys as readonly string[]).includes(sortBy)) {
      throw new AppError(400, "validation_failed", `Nach „${sortBy}“ kann nicht sortiert werden.`);
    }
    if (direction !== "asc" && direction !== "desc") {
      throw new AppError(
        400,
        "validation_failed",
        "Die Sortierrichtung muss „asc“ oder „desc“ sein.",
      );
    }
    const results = await listVehicles(
      c.get("sql"),
      sortBy as (typeof vehicleSortKeys)[number],
      direction,
    );
    return c.json({ results });
  })
  .post("/vehicles/add/", validate("json", vehicleSchema), async (c) => {
    const { name, transmission } = c.req.valid("json");
    const vehicle = await addVehicle(c.get("sql"), name, transmission ?? "manual");
    return c.json({ ...vehicle, message: `Fahrzeug „${vehicle.name}“ wurde hinzugefügt.` }, 201);
  });
