import { z } from "zod";
import { appointmentRowSchema } from "./appointment_row.ts";
import { daysBetween, isIsoDate } from "../time.ts";

/** An instructor as the schedule overview heads a column or row with. */
export const scheduleInstructorSchema = z.object({
  id: z.number(),
  name: z.string(),
  transmission_types: z.array(z.enum(["automatic", "manual"])),
});

/**
 * GET /admin/schedule/: the instructors side by side and their appointments of a range of school
 * days (both inclusive, at most 31), cancelled ones included. Appointments are the admin list's
 * rows (times on the school's wall clock), oldest first.
 */
export const scheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  instructors: z.array(scheduleInstructorSchema),
  appointments: z.array(appointmentRowSchema),
});

export type ScheduleInstructor = z.infer<typeof scheduleInstructorSchema>;
export type Schedule = z.infer<typeof scheduleSchema>;

/** A stretch of one day's wall clock, 'HH:MM' to 'HH:MM'. */
const clockSpanSchema = z.object({ start: z.string(), end: z.string() });

/**
 * An instructor's absence on a day: a vacation or a sick note (whole days) or a self-service
 * absence (whole day, or start..end when only part of the day). `label` is what the overview
 * writes on it ('Urlaub', 'Krankgemeldet', 'Abwesend'); `description` what was entered with it.
 */
export const scheduleAbsenceSchema = z.object({
  kind: z.enum(["vacation", "sick", "absent"]),
  label: z.string(),
  description: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});

/** Time an instructor works but cannot drive: a break, a theory lesson, a recurring block. */
export const scheduleBlockSchema = clockSpanSchema.extend({
  kind: z.enum(["break", "theory", "recurring"]),
  label: z.string(),
});

/**
 * One instructor's school day as the planner reads it: working hours (empty on a day off or a
 * weekday the school does not plan), absences and blocks. `work_entered` is false when the
 * instructor has no weekly working hours entered at all (valid on the day): then an empty `work`
 * is not a day off but unknown, and the overview neither shades nor marks by working hours.
 */
export const scheduleInstructorDaySchema = z.object({
  instructor_id: z.number(),
  date: z.string(),
  work: z.array(clockSpanSchema),
  work_entered: z.boolean(),
  absences: z.array(scheduleAbsenceSchema),
  blocks: z.array(scheduleBlockSchema),
});

/** A day the whole school is closed: a public holiday, or its own closing day (from a time on). */
export const scheduleClosedDaySchema = z.object({
  date: z.string(),
  name: z.string(),
  kind: z.enum(["holiday", "closing"]),
  from: z.string().nullable(),
});

/**
 * GET /admin/schedule/availability/: for the same range and instructors as GET /admin/schedule/,
 * every instructor's working hours, absences and blocks per day, and the school's closed days,
 * so the overview shows when each instructor can drive and marks a lesson outside it.
 */
export const scheduleAvailabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(scheduleInstructorDaySchema),
  closed_days: z.array(scheduleClosedDaySchema),
});

export type ScheduleAbsence = z.infer<typeof scheduleAbsenceSchema>;
export type ScheduleBlock = z.infer<typeof scheduleBlockSchema>;
export type ScheduleInstructorDay = z.infer<typeof scheduleInstructorDaySchema>;
export type ScheduleClosedDay = z.infer<typeof scheduleClosedDaySchema>;
export type ScheduleAvailability = z.infer<typeof scheduleAvailabilitySchema>;

/** The longest range one request may ask for: a month view, never the whole table. */
export const maxScheduleDays = 31;

function dayField(label: string) {
  const message = `${label}: Bitte ein Datum im Format JJJJ-MM-TT angeben.`;
  return z.string({ error: message }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isIsoDate, message);
}

/** The query of GET /admin/schedule/: school days from..to (both inclusive), one instructor or all. */
export const scheduleQuerySchema = z.object({
  from: dayField("Von"),
  to: dayField("Bis"),
  instructor_id: z.string().optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(
      z.string().regex(/^[1-9]\d{0,17}$/, "Fahrlehrer: Bitte eine gültige Nummer angeben.")
        .transform(Number).optional(),
    ),
})
  .refine((q) => q.from <= q.to, {
    message: "Das Von-Datum darf nicht nach dem Bis-Datum liegen.",
    path: ["to"],
  })
  .refine((q) => daysBetween(q.from, q.to) < maxScheduleDays, {
    message: `Der Zeitraum darf höchstens ${maxScheduleDays} Tage umfassen.`,
    path: ["to"],
  });
