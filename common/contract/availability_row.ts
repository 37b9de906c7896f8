import { z } from "zod";

/** One row of GET /api/admin/availabilities/ (spec 02 §5); day_name is the German weekday. */
export const availabilityListRowSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  username: z.string(),
  role: z.string(),
  day_of_week: z.number().nullable(),
  day_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  availability_type: z.string(),
});

export type AvailabilityListRow = z.infer<typeof availabilityListRowSchema>;
