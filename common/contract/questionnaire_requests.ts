import { z } from "zod";
import type { QuestionnairePayload } from "./questionnaires.ts";
import { looseValue, optionalText } from "./people.ts";

/** Admin: "Fragebogen-Link erstellen" (unknown keys are stripped). */
export const createSchema = z.object({
  first_name: optionalText(100, "Der Vorname"),
  last_name: optionalText(100, "Der Nachname"),
  /** A single name field ("Anna Schmidt") is split when first/last are not sent. */
  name: optionalText(200, "Der Name"),
  email: optionalText(254, "Die E-Mail-Adresse"),
});

const range = z.object({
  start: looseValue,
  end: looseValue,
  start_date: looseValue,
  end_date: looseValue,
});

const scheduleDay = z.object({
  day_of_week: looseValue,
  school_start: looseValue,
  school_end: looseValue,
  arrival_time: looseValue,
  free_periods: z.array(z.object({ start: looseValue, end: looseValue })).max(10).nullish(),
});

/**
 * The public questionnaire payload (spec 02 §3). The admin's edit sends the same shape, plus the
 * licence class (the form asks for it since issue 25, point 13).
 */
export const answersSchema = z.object({
  first_name: optionalText(100, "Der Vorname"),
  last_name: optionalText(100, "Der Nachname"),
  email: optionalText(254, "Die E-Mail-Adresse"),
  phone: optionalText(50, "Die Telefonnummer"),
  birth_date: looseValue,
  school_name: optionalText(200, "Der Schulname"),
  start_location: optionalText(50, "Der Startort"),
  notes: optionalText(2000, "Die Notizen"),
  available_in_holidays: z.union([z.string().max(10), z.boolean()]).nullish(),
  license_class: optionalText(10, "Die Führerscheinklasse"),
  vacation_periods: z.array(range).max(50).nullish(),
  school_schedule_data: z.object({
    school_schedule: z.array(scheduleDay).max(7).nullish(),
  }).nullish(),
  availabilities_data: z.object({
    availabilities: z.array(z.object({
      day_of_week: looseValue,
      start_time: looseValue,
      end_time: looseValue,
    })).max(20).nullish(),
    vacation_periods: z.array(range).max(50).nullish(),
    available_in_holidays: z.union([z.string().max(10), z.boolean()]).nullish(),
  }).nullish(),
});

export type AnswersInput = z.infer<typeof answersSchema>;

/** The web form's payload type must be something this schema accepts (checked by `deno check`). */
export const payloadFits = (payload: QuestionnairePayload): AnswersInput => payload;
