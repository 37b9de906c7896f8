import { z } from "zod";
import { appointmentRowSchema } from "./appointment_row.ts";

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
