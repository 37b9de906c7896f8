import { z } from "zod";
import { isIsoDate } from "../../common/time.ts";

/** Most rows one write may carry: a full week of hours is 5 × 14 = 70. */
export const maxRows = 200;

const wholeHour = /^([01]\d|2[0-3]):00(:00)?$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function hourOf(time: string): number {
  return Number(time.slice(0, 2));
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** One hour of the weekly grid; whether its day is a planned weekday is checked on save. */
const slotSchema = z.object({
  day_of_week: z.number({ error: "Bitte geben Sie einen Wochentag an (1 = Montag)." })
    .int("Der Wochentag muss eine ganze Zahl sein.")
    .min(1, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.")
    .max(7, "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen."),
  start_time: z.string({ error: "Bitte geben Sie eine Startzeit an." })
    .regex(wholeHour, "Verfügbarkeiten beginnen immer zur vollen Stunde (z. B. 08:00)."),
  end_time: z.string({ error: "Bitte geben Sie eine Endzeit an." })
    .regex(wholeHour, "Verfügbarkeiten enden immer zur vollen Stunde (z. B. 09:00)."),
}).refine((slot) => hourOf(slot.end_time) === hourOf(slot.start_time) + 1, {
  message: "Jede Verfügbarkeit muss genau eine Stunde lang sein.",
  path: ["end_time"],
}).refine((slot) => hourOf(slot.start_time) >= 7 && hourOf(slot.start_time) <= 20, {
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

// Years outside 1900-2200 are typing slips.
const isRealIsoDate = (text: string) =>
  isIsoDate(text) && text.slice(0, 4) >= "1900" && text.slice(0, 4) <= "2200";

const optionalTime = z.union([
  z.string().regex(clockTime, "Bitte geben Sie Uhrzeiten im Format HH:MM an."),
  z.literal(""),
  z.null(),
]).optional();

/** Longest absence one entry may cover: a year. */
export const maxRangeDays = 366;

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/**
 * One absence from `date` to `end_date` (inclusive; without it one day): whole days, or the same
 * hours on each of its days with start before end.
 */
export const specialDateSchema = z.object({
  date: z.string({ error: "Bitte geben Sie ein Datum an." })
    .refine(isRealIsoDate, "Bitte geben Sie ein gültiges Datum an (TT.MM.JJJJ)."),
  end_date: z.union([
    z.string().refine(isRealIsoDate, "Bitte geben Sie ein gültiges Enddatum an (TT.MM.JJJJ)."),
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
).refine((entry) => !entry.end_date || entry.end_date >= entry.date, {
  message: "Das Enddatum darf nicht vor dem Startdatum liegen.",
  path: ["end_date"],
}).refine(
  (entry) => !entry.end_date || dayNumber(entry.end_date) - dayNumber(entry.date) <= maxRangeDays,
  {
    message: "Eine Abwesenheit darf höchstens ein Jahr lang sein.",
    path: ["end_date"],
  },
);

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
