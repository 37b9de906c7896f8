import { z } from "zod";
import { isIsoDate } from "../time.ts";
import { listPageSchema } from "./list_page.ts";

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

const isDayOrEmpty = (text: string) => text === "" || isIsoDate(text);

/** GET /admin/activity/all/: the filters of the whole log (issue 25, point 10), all optional. */
export const activityQuerySchema = z.object({
  page: z.coerce.number({ error: "Bitte eine gültige Seite angeben." }).int().min(1).default(1),
  /** first and last day shown (ISO, the school's time zone); '' = open end */
  from: z.string().refine(isDayOrEmpty, "Bitte ein gültiges Datum angeben.").optional(),
  to: z.string().refine(isDayOrEmpty, "Bitte ein gültiges Datum angeben.").optional(),
  /** the kind: an action's first part ("appointment") or a whole action ("appointment.cancel") */
  action: z.string().regex(/^[a-z_.]{0,60}$/, "Bitte eine gültige Art wählen.").optional(),
  /** text in the line or in who did it */
  search: z.string().max(100, "Der Suchtext darf höchstens 100 Zeichen lang sein.").optional(),
});

export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** The whole log, one page of it, with the kinds there are and how long lines are kept. */
export const activityPageSchema = listPageSchema(activityEntrySchema).extend({
  kinds: z.array(z.string()),
  retention_months: z.number(),
});

export type ActivityPage = z.infer<typeof activityPageSchema>;

/** PUT /admin/activity/retention/: how many months lines are kept. */
export const activityRetentionSchema = z.object({
  retention_months: z.coerce.number({ error: "Bitte eine Anzahl Monate angeben." })
    .int("Bitte eine ganze Zahl von Monaten angeben.")
    .min(1, "Einträge werden mindestens 1 Monat aufbewahrt.")
    .max(120, "Einträge werden höchstens 120 Monate aufbewahrt."),
});
