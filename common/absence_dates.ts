/**
 * The one rule for a range of absence days (vacations, self-service absences, the admin's
 * absences, sick notes, the imports' vacation cells): real calendar dates in plausible years,
 * the last day not before the first, at most a year long. The API's schemas and parsers and the
 * web forms read it from here, so every screen answers the same German sentence.
 */
import { daysBetween, isIsoDate } from "./time.ts";

/** Years outside these are typing slips (year 0 would even reach Postgres as an error). */
export const firstPlausibleYear = 1900;
export const lastPlausibleYear = 2200;

/** Longest absence one entry may cover: a year (a leap year's 366 days). */
export const maxAbsenceDays = 366;

export const absenceDateMessage = "Bitte geben Sie ein gültiges Datum an (TT.MM.JJJJ).";
export const absenceEndDateMessage = "Bitte geben Sie ein gültiges Enddatum an (TT.MM.JJJJ).";
export const absenceOrderMessage = "Das Enddatum darf nicht vor dem Startdatum liegen.";
export const absenceLengthMessage = "Eine Abwesenheit darf höchstens ein Jahr lang sein.";

/** A real YYYY-MM-DD date in a plausible year. */
export function isAbsenceDate(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return isIsoDate(text) && year >= firstPlausibleYear && year <= lastPlausibleYear;
}

/** What is wrong with the range from `first` to `last` (both valid dates), or null. */
export function absenceRangeProblem(first: string, last: string): string | null {
  if (last < first) return absenceOrderMessage;
  if (daysBetween(first, last) > maxAbsenceDays) return absenceLengthMessage;
  return null;
}

/**
 * An absence whose last day lies before `today` (issue 25: 01.01.2020 was saved without a word).
 * Only a new or changed entry is asked: a stored one that has since passed comes back unchanged
 * with every save of the list and stays.
 */
export function absencePastProblem(first: string, last: string, today: string): string | null {
  if ((last || first) >= today) return null;
  const [y, m, d] = first.split("-");
  return `Der ${d}.${m}.${y} liegt in der Vergangenheit. Bitte geben Sie heute oder einen späteren Tag an.`;
}
