import { z } from "zod";

/** The product's guided tours (spec 01 §4, spec 02 §4). */
export const tourNames = [
  "admin",
  "instructor",
  "student",
  "student_list",
  "questionnaire_demo",
] as const;
export type TourName = typeof tourNames[number];

/**
 * The tours whose completion the server keeps, per role. The questionnaire demo has none: it is
 * opened without sign-in, so its flag lives only in the browser.
 */
export const serverToursOf: Record<"admin" | "instructor" | "student", readonly TourName[]> = {
  admin: ["admin", "student_list"],
  instructor: ["instructor"],
  student: ["student"],
};

/** GET /my-tutorials/: per tour whether the signed-in user finished or quit it. */
export const tutorialStateSchema = z.object({
  completed: z.record(z.enum(tourNames), z.boolean()),
});
export type TutorialState = z.infer<typeof tutorialStateSchema>;

/** PUT /my-tutorials/: marks one tour done (finished or quit) or not done (to see it again). */
export const tutorialStateChangeSchema = z.object({
  tour: z.enum(tourNames, { message: "Unbekanntes Tutorial." }),
  completed: z.boolean({ message: "Bitte geben Sie an, ob das Tutorial abgeschlossen ist." }),
});
export type TutorialStateChange = z.infer<typeof tutorialStateChangeSchema>;

/** The items of the start checklist on /admin-panel, in the order a new school does them. */
export const checklistKeys = [
  "vehicles",
  "instructors",
  "students",
  "rules",
  "planning",
] as const;
export type ChecklistKey = typeof checklistKeys[number];

/** GET /admin/start-checklist/: which first steps the school has done, read from its data. */
export const startChecklistSchema = z.object({
  items: z.array(z.object({ key: z.enum(checklistKeys), done: z.boolean() })),
  all_done: z.boolean(),
});
export type StartChecklist = z.infer<typeof startChecklistSchema>;
