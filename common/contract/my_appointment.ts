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
  /**
   * an upcoming lesson inside the user's own absence (or, for a student, Ferien they do not drive
   * in): the office sees it as affected and plans it anew; the calendar says so
   */
  in_own_absence: z.boolean(),
});

export type MyAppointment = z.infer<typeof myAppointmentSchema>;
