import { z } from "zod";

/**
 * One appointment as the admin list and the exports see it (spec 01 §3 'Appointment row'); times
 * are the school's wall clock, start_time/end_time ISO with offset.
 */
export const appointmentRowSchema = z.object({
  id: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  date: z.string(),
  time: z.string(),
  end_clock: z.string(),
  student_id: z.number(),
  student_name: z.string(),
  instructor_id: z.number(),
  instructor_name: z.string(),
  appointment_type: z.string(),
  appointment_type_display: z.string(),
  type_display: z.string(),
  title: z.string(),
  vehicle: z.string().nullable(),
  /** Where the student is picked up: the student's Treffpunkt (issue 22); null when none is set. */
  pickup_point: z.string().nullable(),
  transmission_type: z.enum(["automatic", "manual"]),
  status: z.enum(["confirmed", "pending", "cancelled"]),
  /** Why it was cancelled ("" unless status is cancelled). */
  cancel_reason: z.string(),
});

export type AppointmentRow = z.infer<typeof appointmentRowSchema>;
