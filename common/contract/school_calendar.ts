/**
 * "Ferien & Feiertage" (issue 11): the school's state, its Ferien ranges (edited by the admin) and
 * the public holidays of the coming months (computed, read-only).
 */
import { z } from "zod";
import { FEDERAL_STATE_CODES, FEDERAL_STATES } from "../school_calendar/states.ts";
import { daysBetween, isIsoDate } from "../time.ts";

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

/** POST /admin/school-calendar/closing-days/: a day or range the school is closed (issue 25). */
export const closingDaySchema = z.object({
  name: z.string({ error: "Bitte einen Namen des Schließtags angeben." }).trim()
    .min(1, "Bitte einen Namen des Schließtags angeben.")
    .max(80, "Der Name des Schließtags darf höchstens 80 Zeichen lang sein."),
  start_date: date("Erster Schließtag"),
  /** without it the single day `start_date` */
  end_date: date("Letzter Schließtag").optional(),
  /** 'HH:MM': closed from this time on; without it the whole day */
  from_time: z.string().regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    "Bitte eine Uhrzeit im Format HH:MM angeben.",
  ).nullish(),
}).refine((r) => !r.end_date || r.end_date >= r.start_date, {
  message: "Der letzte Schließtag darf nicht vor dem ersten liegen.",
  path: ["end_date"],
}).refine((r) => !r.end_date || daysBetween(r.start_date, r.end_date) <= 366, {
  message: "Ein Schließzeitraum darf höchstens ein Jahr lang sein.",
  path: ["end_date"],
});
export type ClosingDayInput = z.input<typeof closingDaySchema>;

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
  /** the school's own closing days from today on (issue 25, point 2) */
  closing_days: z.array(z.object({
    id: z.number(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    from_time: z.string().nullable(),
  })),
  updated_at: z.string().nullable(),
});
export type SchoolCalendarAnswer = z.infer<typeof schoolCalendarAnswerSchema>;

/** How far ahead the page lists public holidays (the planner plans 30 days). */
export const PUBLIC_HOLIDAY_PREVIEW_DAYS = 183;

export { FEDERAL_STATES };

/** PUT /admin/planned-weekdays/ and the answer of GET and PUT (and GET /my-planned-weekdays/). */
export const plannedWeekdaysSchema = z.object({
  planned_weekdays: z.array(
    z.number().int().min(1, "Wochentage gehen von 1 (Montag) bis 7 (Sonntag).")
      .max(7, "Wochentage gehen von 1 (Montag) bis 7 (Sonntag)."),
    { error: "Bitte senden Sie eine Liste von Wochentagen." },
  ).min(1, "Bitte wählen Sie mindestens einen Planungstag.").max(7),
});
export type PlannedWeekdays = z.infer<typeof plannedWeekdaysSchema>;
