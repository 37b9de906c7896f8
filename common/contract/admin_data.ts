import { z } from "zod";

/**
 * The body of DELETE /admin/bulk-delete/{appointments,students,instructors}/ (spec 01 §7):
 * `delete_all: true` must be sent on purpose; appointments may be limited to future ones.
 */
/** The text the admin types before anything is deleted (spec 01 §5); the server checks it too. */
export const deleteConfirmation = "Ja, unwiderruflich löschen";

export const bulkDeleteSchema = z.object({
  delete_all: z.literal(true, {
    error: "Zum Löschen muss „delete_all: true“ gesendet werden.",
  }),
  confirmation: z.literal(deleteConfirmation, {
    error: `Bitte geben Sie zur Bestätigung „${deleteConfirmation}“ ein.`,
  }),
  only_future: z.boolean({ error: "„only_future“ muss true oder false sein." }).optional(),
});

export type BulkDeleteRequest = z.infer<typeof bulkDeleteSchema>;

/**
 * The body of DELETE /admin/bulk-delete/test-data/: removes only the people of the test-data
 * package (the admin tour's hands-on import) with their appointments, after the typed phrase.
 */
export const testDataDeleteSchema = bulkDeleteSchema.pick({ confirmation: true });

/** The answer of a bulk delete: the German sentence with the counts. */
export const bulkDeleteAnswerSchema = z.object({ message: z.string() });

export type BulkDeleteAnswer = z.infer<typeof bulkDeleteAnswerSchema>;

/** One line of the server's activity log ("Letzte Aktivitäten"). */
export const activityEntrySchema = z.object({
  id: z.number(),
  summary: z.string(),
  // "System" for the planner worker; the name at the time of the action otherwise.
  actor_name: z.string(),
  action: z.string(),
  created_at: z.string(),
});

export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /admin/activity/: the 10 newest lines, how many there are, and how many are not shown. */
export const activityAnswerSchema = z.object({
  results: z.array(activityEntrySchema),
  total: z.number(),
  more: z.number(),
});

export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
