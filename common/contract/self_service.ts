import { z } from "zod";
import {
  absenceDateMessage,
  absenceEndDateMessage,
  absenceRangeProblem,
  isAbsenceDate,
} from "../absence_dates.ts";

/** Most rows one write may carry: a full week of hours is 5 × 14 = 70. */
export const maxRows = 200;

/** HH:MM (or HH:MM:SS with :00), up to 24:00 for the end of the last hour. */
const gridClock = /^(([01]\d|2[0-3]):[0-5]\d|24:00)(:00)?$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function hourOf(time: string): number {
  return Number(time.slice(0, 2));
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * One hour of the weekly grid; whether its day is a planned weekday is checked on save. The grid
 * sends whole hours; an hour read back as the half hour it is (08:30-09:00, issue 25) may come
 * back as it was read: it marks the same hour.
 */
const slotSchema = z.object({
  day_of_week: z.number({ error: "Bitte geben Sie einen Wochentag an (1 = Montag)." })
    .int("Der Wochentag muss eine ganze Zahl sein.")
    .min(1, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.")
    .max(7, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen."),
  start_time: z.string({ error: "Bitte geben Sie eine Startzeit an." })
    .regex(gridClock, "Bitte geben Sie die Startzeit als HH:MM an (z. B. 08:00)."),
  end_time: z.string({ error: "Bitte geben Sie eine Endzeit an." })
    .regex(gridClock, "Bitte geben Sie die Endzeit als HH:MM an (z. B. 09:00)."),
}).refine(
  (slot) => {
    const start = minutesOf(slot.start_time), end = minutesOf(slot.end_time);
    return end > start && Math.floor(start / 60) === Math.floor((end - 1) / 60);
  },
  {
    message:
      "Jede Verfügbarkeit liegt in genau einer Stunde des Rasters (z. B. 08:00–09:00 oder 08:30–09:00).",
    path: ["end_time"],
  },
).refine((slot) => hourOf(slot.start_time) >= 7 && hourOf(slot.start_time) <= 20, {
  message: "Verfügbarkeiten sind nur zwischen 07:00 und 21:00 Uhr möglich.",
  path: ["start_time"],
});

/** POST /my-availability/: the user's whole weekly grid, replacing what is stored. */
export const availabilityWriteSchema = z.object({
  availabilities: z.array(slotSchema, { error: "Bitte senden Sie eine Liste von Zeiträumen." })
    .max(maxRows, `Höchstens ${maxRows} Zeiträume auf einmal.`)
    .refine(
      (slots) =>
        new Set(slots.map((s) => `${s.day_of_week}-${hourOf(s.start_time)}`)).size ===
          slots.length,
      "Ein Zeitraum ist doppelt angegeben.",
    ),
});

const optionalTime = z.union([
  z.string().regex(clockTime, "Bitte geben Sie Uhrzeiten im Format HH:MM an."),
  z.literal(""),
  z.null(),
]).optional();

/**
 * One absence from `date` to `end_date` (inclusive; without it one day): whole days, or the same
 * hours on each of its days with start before end.
 */
export const specialDateSchema = z.object({
  date: z.string({ error: "Bitte geben Sie ein Datum an." })
    .refine(isAbsenceDate, absenceDateMessage),
  end_date: z.union([
    z.string().refine(isAbsenceDate, absenceEndDateMessage),
    z.literal(""),
    z.null(),
  ]).optional(),
  is_unavailable: z.boolean({ error: "Bitte wählen Sie ganztägig oder teilweise." }),
  start_time: optionalTime,
  end_time: optionalTime,
  description: z.string().max(500, "Die Beschreibung darf höchstens 500 Zeichen lang sein.")
    .nullable().optional(),
}).refine(
  (entry) =>
    entry.is_unavailable ||
    (!!entry.start_time && !!entry.end_time &&
      minutesOf(entry.start_time) < minutesOf(entry.end_time)),
  {
    message:
      "Bei einer teilweisen Abwesenheit braucht es eine Startzeit vor der Endzeit (z. B. 08:00 bis 12:00).",
    path: ["end_time"],
  },
).superRefine((entry, ctx) => {
  const problem = entry.end_date ? absenceRangeProblem(entry.date, entry.end_date) : null;
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["end_date"] });
});

/** POST /my-special-dates/: all of the user's absences, replacing what is stored. */
export const specialDatesWriteSchema = z.object({
  special_dates: z.array(specialDateSchema, {
    error: "Bitte senden Sie eine Liste von Abwesenheiten.",
  }).max(maxRows, `Höchstens ${maxRows} Abwesenheiten auf einmal.`)
    .refine(
      (entries) =>
        new Set(
          entries.map((e) =>
            e.is_unavailable ? `${e.date}` : `${e.date} ${e.start_time} ${e.end_time}`
          ),
        ).size === entries.length,
      "Eine Abwesenheit ist doppelt angegeben.",
    ),
});

export type AvailabilityWrite = z.infer<typeof availabilityWriteSchema>;
export type SpecialDatesWrite = z.infer<typeof specialDatesWriteSchema>;

/** POST /admin/special-dates/: one absence of the person `user_id`, entered by the admin. */
export const adminSpecialDateSchema = specialDateSchema.and(
  z.object({ user_id: z.number().int().positive() }),
);
