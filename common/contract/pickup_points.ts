import { z } from "zod";

/** POST /admin/pickup-points/ and PUT /admin/pickup-points/{id}/: a Treffpunkt (issue 22). */
export const pickupPointSchema = z.object({
  name: z.string({ error: "Bitte geben Sie einen Namen für den Treffpunkt ein." })
    .transform((name) => name.trim().replace(/\s+/g, " "))
    .pipe(
      z.string()
        .min(1, "Bitte geben Sie einen Namen für den Treffpunkt ein.")
        .max(50, "Der Name des Treffpunkts darf höchstens 50 Zeichen lang sein.")
        // The import template lists the names in one comma-separated cell.
        .refine(
          (name) => !name.includes(","),
          "Der Name des Treffpunkts darf kein Komma enthalten.",
        ),
    ),
  address: z.string().max(200, "Die Adresse darf höchstens 200 Zeichen lang sein.").nullish(),
});
export type PickupPointInput = z.input<typeof pickupPointSchema>;

/** A row of GET /admin/pickup-points/; `students` counts the students who start there. */
export const pickupPointRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  students: z.number(),
});
export type PickupPointRow = z.infer<typeof pickupPointRowSchema>;

export const pickupPointListSchema = z.object({ results: z.array(pickupPointRowSchema) });
