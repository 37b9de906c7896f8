import { z } from "zod";

const maxPlateLength = 20;

/** POST /admin/vehicles/add/ and PUT /admin/vehicles/{id}/: the plate and the gearbox. */
export const vehicleSchema = z.object({
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

export type VehicleInput = z.input<typeof vehicleSchema>;

/** A row of GET /admin/vehicles/; appointment_count counts its lessons that are not cancelled. */
export const vehicleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  transmission: z.enum(["manual", "automatic"]),
  appointment_count: z.number(),
});
export type VehicleRow = z.infer<typeof vehicleRowSchema>;

/** GET /admin/vehicles/ */
export const vehicleListSchema = z.object({ results: z.array(vehicleRowSchema) });

/** The answer of adding or saving a vehicle. */
export const vehicleSavedSchema = vehicleRowSchema.omit({ appointment_count: true }).extend({
  message: z.string(),
});

/** DELETE /admin/vehicles/{id}/?reassign_to=: how many future lessons moved to the other one. */
export const vehicleDeletedSchema = z.object({ message: z.string(), reassigned: z.number() });
