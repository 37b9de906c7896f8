import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env.ts";
import { listQuerySchema } from "../lib/list_params.ts";
import { validate } from "../lib/validate.ts";
import { addVehicle, listVehicles, vehicleSortKeys } from "./queries.ts";

const vehicleListSchema = listQuerySchema({ sortKeys: vehicleSortKeys, defaultSort: "name" });

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
  // The fleet is small: one unpaged list, sorted and checked like every other list.
  .get("/vehicles/", validate("query", vehicleListSchema), async (c) => {
    return c.json({ results: await listVehicles(c.get("sql"), c.req.valid("query")) });
  })
  .post("/vehicles/add/", validate("json", vehicleSchema), async (c) => {
    const { name, transmission } = c.req.valid("json");
    const vehicle = await addVehicle(c.get("sql"), name, transmission ?? "manual");
    return c.json({ ...vehicle, message: `Fahrzeug „${vehicle.name}“ wurde hinzugefügt.` }, 201);
  });
