import { z } from "zod";

/**
 * The fields every row of GET /api/admin/users/?role=… has, instructor or student (spec 02 §3);
 * date_joined is the ISO time the JSON carries.
 */
export const personRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_active: z.boolean(),
  date_joined: z.string(),
});

export type PersonRow = z.infer<typeof personRowSchema>;
