/**
 * "Ferien & Feiertage" (issue 11): the school's state, its Ferien ranges (edited by the admin) and
 * the public holidays of the coming months (computed, read-only).
 */
import { z } from "zod";
import { FEDERAL_STATE_CODES, FEDERAL_STATES } from "../school_calendar/states.ts";
import { isIsoDate } from "../time.ts";

const federalState = z.enum(FEDERAL_STATE_CODES, {
  error: "Bitte eines der 16 Bundesländer wählen.",
});

const date = (label: string) =>
  z.string({ error: `${label}: Bitte ein Datum angeben.` })
    .refine(isIsoDate, `${label}: Bitte ein gültiges Datum angeben (JJJJ-MM-TT).`);

/** One Ferien range as the admin edits it; both days belong to the Ferien. */
export const ferienRangeSchema = z.object({
  name: z.string({ error: "Bitte einen Namen der Ferien angeben." }).trim()
    .min(1, "Bitte einen Namen der Ferien angeben.")
    .max(80, "Der Name der Ferien darf höchstens 80 Zeichen lang sein."),
  start_date: date("Erster Ferientag"),
  end_date: date("Letzter Ferientag"),
}).refine((r) => r.end_date >= r.start_date, {
  message: "Der letzte Ferientag darf nicht vor dem ersten liegen.",
  path: ["end_date"],
});

/** PUT /admin/school-calendar/: the whole calendar; the stored Ferien are replaced. */
export const schoolCalendarSchema = z.object({
  federal_state: federalState,
  ferien: z.array(ferienRangeSchema).max(200, "Höchstens 200 Ferienzeiträume."),
});
export type SchoolCalendarInput = z.infer<typeof schoolCalendarSchema>;

export const schoolCalendarAnswerSchema = z.object({
  federal_state: federalState,
  federal_state_name: z.string(),
  ferien: z.array(z.object({
    id: z.number(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  })),
  /** The public holidays from today over the next months, of the saved state. */
  public_holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  public_holidays_from: z.string(),
  public_holidays_to: z.string(),
  updated_at: z.string().nullable(),
});
export type SchoolCalendarAnswer = z.infer<typeof schoolCalendarAnswerSchema>;

/** How far ahead the page lists public holidays (the planner plans 30 days). */
export const PUBLIC_HOLIDAY_PREVIEW_DAYS = 183;

export { FEDERAL_STATES };
