import { z } from "zod";

/** GET /admin/plan-draft/: the planner's unpublished lessons (status pending), counted. */
export const planDraftSchema = z.object({
  lessons: z.number(),
  students: z.number(),
  instructors: z.number(),
  /** First and last school day (YYYY-MM-DD) with a draft lesson; null without a draft. */
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
});
export type PlanDraft = z.infer<typeof planDraftSchema>;

/** POST /admin/publish-plan/: how many lessons went live and for how many people. */
export const publishAnswerSchema = z.object({
  message: z.string(),
  lessons: z.number(),
  people: z.number(),
});

/** POST /admin/discard-plan/: how many draft lessons were deleted. */
export const discardAnswerSchema = z.object({ message: z.string(), lessons: z.number() });
