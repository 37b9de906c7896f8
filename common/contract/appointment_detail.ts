import { z } from "zod";
import { appointmentTypes } from "../german_words.ts";
import { isIsoDate } from "../time.ts";

/** One appointment with everything the detail dialog shows (GET /admin/appointments/{id}/). */
export const appointmentDetailSchema = z.object({
  id: z.number(),
  /** the school's wall clock: date 'YYYY-MM-DD', start and end 'HH:MM' */
  date: z.string(),
  time: z.string(),
  end_clock: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  duration_minutes: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  instructor_id: z.number(),
  instructor_name: z.string(),
  vehicle_id: z.number().nullable(),
  vehicle: z.string().nullable(),
  appointment_type: z.string(),
  appointment_type_display: z.string(),
  transmission_type: z.enum(["automatic", "manual"]),
  status: z.enum(["confirmed", "pending", "cancelled"]),
  cancel_reason: z.string(),
  notes: z.string(),
  /** who created it by hand; '' for the planner's appointments */
  created_by_name: z.string(),
  /** true when the AI planning made it */
  planned: z.boolean(),
  updated_at: z.string(),
});

export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

const isoDate = z.string().refine(isIsoDate, "Bitte ein gültiges Datum angeben.");
const clock = z.string().regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  "Bitte eine Uhrzeit im Format HH:MM angeben.",
);
const id = (what: string) =>
  z.number({ error: `Bitte ${what} wählen.` }).int().positive(`Bitte ${what} wählen.`);
const duration = z.number({ error: "Bitte eine Dauer in Minuten angeben." }).int()
  .min(15, "Ein Termin dauert mindestens 15 Minuten.")
  .max(600, "Ein Termin dauert höchstens 10 Stunden.");
const notes = z.string().max(2000, "Die Notiz ist zu lang (höchstens 2000 Zeichen).");

/** POST /admin/appointments/: an appointment added by hand. */
export const appointmentCreateSchema = z.object({
  appointment_type: z.enum(appointmentTypes, { error: "Bitte eine Terminart wählen." }),
  student_id: id("einen Fahrschüler"),
  instructor_id: id("einen Fahrlehrer"),
  vehicle_id: id("ein Fahrzeug").nullable().default(null),
  /** the lesson's transmission; without one the vehicle's, else Schaltgetriebe */
  transmission_type: z.enum(["automatic", "manual"]).optional(),
  date: isoDate,
  start_time: clock,
  duration_minutes: duration.default(60),
  notes: notes.default(""),
  /** the admin's 'Trotzdem speichern' over an availability or absence problem */
  override_availability: z.boolean().default(false),
  /** 'Als Nachtrag speichern': the admin confirms a lesson in the past (issue 25, point 1) */
  backfill: z.boolean().default(false),
});

export type AppointmentCreate = z.input<typeof appointmentCreateSchema>;

/** PATCH /admin/appointments/{id}/: a move; fields left out keep their value. */
export const appointmentMoveSchema = z.object({
  date: isoDate.optional(),
  start_time: clock.optional(),
  /** without it the appointment keeps its length */
  duration_minutes: duration.optional(),
  instructor_id: id("einen Fahrlehrer").optional(),
  vehicle_id: id("ein Fahrzeug").nullable().optional(),
  notes: notes.optional(),
  override_availability: z.boolean().default(false),
  /** 'Als Nachtrag speichern': a move into the past, confirmed (issue 25, point 1) */
  backfill: z.boolean().default(false),
});

export type AppointmentMove = z.input<typeof appointmentMoveSchema>;

/** POST /admin/appointments/{id}/cancel/ */
export const appointmentCancelSchema = z.object({
  reason: z.string({ error: "Bitte einen Grund für die Stornierung angeben." }).trim()
    .min(1, "Bitte einen Grund für die Stornierung angeben.")
    .max(500, "Der Grund ist zu lang (höchstens 500 Zeichen)."),
});

export type AppointmentCancel = z.input<typeof appointmentCancelSchema>;

/** What the add and move forms offer to pick (GET /admin/appointments/choices/), active only. */
export const appointmentChoicesSchema = z.object({
  students: z.array(z.object({ id: z.number(), name: z.string() })),
  instructors: z.array(z.object({
    id: z.number(),
    name: z.string(),
    transmission_types: z.array(z.enum(["automatic", "manual"])),
  })),
  vehicles: z.array(z.object({
    id: z.number(),
    name: z.string(),
    transmission: z.enum(["automatic", "manual"]),
  })),
});

export type AppointmentChoices = z.infer<typeof appointmentChoicesSchema>;

/**
 * The codes of a 409 answer to a change. Only availability_conflict may be overridden (send again
 * with override_availability: true) and past_appointment confirmed (send again with backfill:
 * true); the others name a collision or a rule that always holds.
 */
export type AppointmentConflictCode =
  | "availability_conflict"
  | "past_appointment"
  | "double_booking"
  | "qualification_conflict";
