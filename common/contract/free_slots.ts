/**
 * GET /admin/free-slots/ (issue 25, point 5): the next free slots for one student, so that adding
 * or moving a lesson by hand is a click instead of guessing.
 */
import { z } from "zod";
import { appointmentTypes } from "../german_words.ts";
import { isIsoDate } from "../time.ts";

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message);

/** The query: whose lesson, what kind and how long, from which day on. */
export const freeSlotsQuerySchema = z.object({
  student: positiveId("Bitte einen Fahrschüler wählen."),
  kind: z.enum(appointmentTypes, { error: "Bitte eine Terminart wählen." })
    .default("driving_lesson"),
  /** first day searched (ISO); never before today */
  from: z.string().refine(isIsoDate, "Bitte ein gültiges Datum angeben.").optional(),
  /** without it: the school's lesson length, 90 or 45 minutes for a special drive */
  minutes: z.coerce.number({ error: "Bitte eine Dauer in Minuten angeben." }).int()
    .min(15, "Ein Termin dauert mindestens 15 Minuten.")
    .max(600, "Ein Termin dauert höchstens 10 Stunden.").optional(),
  transmission: z.enum(["manual", "automatic"], { error: "Bitte ein Getriebe wählen." })
    .optional(),
  /** a move: this appointment is left out of the collisions */
  appointment: positiveId("Der Termin wurde nicht gefunden.").optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export type FreeSlotsQuery = z.input<typeof freeSlotsQuerySchema>;

/** Who drives a slot: an instructor and the car free for them then (none: no car needed). */
export const freeSlotChoiceSchema = z.object({
  instructor_id: z.number(),
  instructor_name: z.string(),
  vehicle_id: z.number().nullable(),
  vehicle_name: z.string().nullable(),
});

export type FreeSlotChoice = z.infer<typeof freeSlotChoiceSchema>;

/**
 * One free start time, offered once: the best instructor (the student's preferred one, else by
 * name) with a car, and in `others` every other instructor free at the same time, each bookable.
 */
export const freeSlotSchema = freeSlotChoiceSchema.extend({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  duration_minutes: z.number(),
  transmission: z.enum(["manual", "automatic"]),
  others: z.array(freeSlotChoiceSchema),
});

export type FreeSlot = z.infer<typeof freeSlotSchema>;

export const freeSlotsAnswerSchema = z.object({
  slots: z.array(freeSlotSchema),
  /** the first day searched: the query's `from`, or today when that lies in the past */
  searched_from: z.string(),
  /** the last day searched: no slot lies between `from` and it beyond those listed */
  searched_until: z.string(),
});

export type FreeSlotsAnswer = z.infer<typeof freeSlotsAnswerSchema>;
