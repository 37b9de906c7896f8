import { z } from "zod";
import { availabilityListRowSchema } from "./availability_row.ts";

/** The answer of many writes: one German sentence for the screen. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** GET /csrf/: the token a state change sends back as X-CSRFToken. */
export const csrfAnswerSchema = z.object({ csrfToken: z.string() });

/** A planner job was queued (run, re-plan) or cancelled. */
export const jobAnswerSchema = z.object({ message: z.string(), job_id: z.number() });

/**
 * POST /admin/run-planner/: "test_data" plans only the test-data package's people (the admin
 * tour, issue 25.12): everyone else and their lessons stay as they are. Absent: everyone.
 */
export const runPlannerSchema = z.object({
  scope: z.enum(["all", "test_data"], {
    message: "Unbekannter Planungsumfang: erlaubt sind „all“ und „test_data“.",
  }).optional(),
});

/** How many people of the test-data package and how many real people the school has. */
export const testDataCountsSchema = z.object({ test_people: z.number(), real_people: z.number() });

/** POST /admin/reset-planner-progress/: how many finished jobs were hidden. */
export const progressResetSchema = z.object({ message: z.string(), dismissed: z.number() });

/** GET /admin/availabilities/?user={id}: every weekly row of one person, with its extras. */
export const userAvailabilitiesSchema = z.object({
  results: z.array(availabilityListRowSchema.extend({
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    period: z.number().nullable(),
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    description: z.string().nullable(),
  })),
});

/** One absence range of a person (self-service and the admin's view of it); dates ISO. */
export const specialDateRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  end_date: z.string().nullable(),
  is_unavailable: z.boolean(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  description: z.string().nullable(),
});
export type SpecialDateRow = z.infer<typeof specialDateRowSchema>;

/** GET /admin/special-dates/?user={id} */
export const specialDateListSchema = z.object({ results: z.array(specialDateRowSchema) });

/** POST /admin/special-dates/: the new absence and the appointments inside it. */
export const absenceAddedSchema = z.object({
  id: z.number(),
  affected: z.number(),
  message: z.string(),
});

/** POST /admin/availabilities/import/: rows written from the CSV. */
export const availabilityImportSchema = z.object({ created: z.number(), message: z.string() });

/** One hour of the self-service grid (times HH:MM:SS). */
export const gridHourSchema = z.object({
  day_of_week: z.number(),
  start_time: z.string(),
  end_time: z.string(),
});
export type GridHour = z.infer<typeof gridHourSchema>;

/** POST /my-availability/: the stored grid and its new version (also sent as ETag). */
export const availabilitySavedSchema = z.object({
  message: z.string(),
  availabilities: z.array(gridHourSchema),
  version: z.number(),
});

/** POST /my-special-dates/: the stored absences and their new version. */
export const specialDatesSavedSchema = z.object({
  message: z.string(),
  special_dates: z.array(specialDateRowSchema),
  version: z.number(),
});

/** Answers that are files (exports, templates) and the planner's event stream, not JSON. */
export const fileAnswer = (contentType: string) => ({ file: contentType }) as const;
export type FileAnswer = ReturnType<typeof fileAnswer>;
