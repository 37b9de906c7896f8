import { z } from "zod";

/**
 * One lesson of the signed-in user as GET /my-appointments/ answers it: start and end as ISO with
 * the school's offset, so the calendar shows the school's clock without a time-zone database.
 */
export const myAppointmentSchema = z.object({
  id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  appointment_type: z.string(),
  type_display: z.string(),
  title: z.string(),
  transmission_type: z.enum(["automatic", "manual"]),
  /** a cancelled lesson stays in the calendar, marked 'Storniert' with its reason */
  status: z.enum(["confirmed", "pending", "cancelled"]),
  cancel_reason: z.string(),
  instructor_name: z.string(),
  student_name: z.string(),
  vehicle: z.string().nullable(),
  /** where the student is picked up (the student's Treffpunkt), null when none is chosen */
  pickup_point: z.string().nullable(),
  /** the pickup point's address, '' when the office entered none */
  pickup_address: z.string(),
  /**
   * an upcoming lesson inside the user's own absence (or, for a student, Ferien they do not drive
   * in): the office sees it as affected and plans it anew; the calendar says so
   */
  in_own_absence: z.boolean(),
});

export type MyAppointment = z.infer<typeof myAppointmentSchema>;

/**
 * One absence of the signed-in user as GET /my-absences/ answers it (issue 25: the calendar shows
 * them): whole days, or the same hours on each day; the label names the kind, and the user's own
 * note except on a sick note.
 */
export const myAbsenceSchema = z.object({
  from: z.string(),
  to: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  label: z.string(),
});

export type MyAbsence = z.infer<typeof myAbsenceSchema>;
