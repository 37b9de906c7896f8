import type { QuestionnairePayload } from "../../../../common/contract/questionnaires.ts";
import {
  availabilitiesData,
  maxFreePeriods,
  questionnaireDefaults as defaults,
} from "../../../../common/questionnaire_rules.ts";
import { startLocations } from "../../../../common/school_rules.ts";
import { invalidPhoneMessage, isPhoneNumber } from "../../../../common/phone_number.ts";
import { germanWeekdayNames, todayIso } from "../../lib/german_dates.ts";

export type { QuestionnairePayload } from "../../../../common/contract/questionnaires.ts";
export { maxFreePeriods, startLocations };

/** Monday to Friday, as the form shows them. */
/** Monday to Saturday (issue 22: students drive on Saturdays too, as the instructors work then). */
export const schoolDayNames = germanWeekdayNames.slice(0, 6);
const saturday = 5;

/** A free period of a school day: from/to as 'HH:MM' or ''. */
export interface FreePeriod {
  key: string;
  start: string;
  end: string;
}

/** One school day of the weekly table. */
export interface DayAnswers {
  school_start: string;
  school_end: string;
  arrival: string;
  free: FreePeriod[];
}

/** A vacation row: ISO dates or ''. */
export interface VacationAnswer {
  key: string;
  start: string;
  end: string;
}

/** Everything the questionnaire asks, as the form holds it (also the draft kept on the device). */
export interface QuestionnaireAnswers {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string;
  school_name: string;
  start_location: string;
  /** B, B78 or B197; '' until the student chooses (issue 25, point 13) */
  license_class: string;
  available_in_holidays: "ja" | "nein";
  vacations: VacationAnswer[];
  /** Monday to Friday, index 0 = Monday */
  week: DayAnswers[];
  notes: string;
}

/** A key for a repeated row; unique enough inside one form, and safe to keep in a draft. */
export function rowKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A fresh form with the defaults of spec 02 §5, optionally with the name the school entered. */
export function emptyAnswers(person: Partial<
  Pick<
    QuestionnaireAnswers,
    "first_name" | "last_name" | "email" | "phone"
  >
> = {}): QuestionnaireAnswers {
  return {
    first_name: person.first_name ?? "",
    last_name: person.last_name ?? "",
    email: person.email ?? "",
    phone: person.phone ?? "",
    birth_date: "",
    school_name: "",
    start_location: "",
    license_class: "",
    available_in_holidays: "ja",
    vacations: [],
    // School days start with the usual school and arrival times; Saturday starts empty.
    week: schoolDayNames.map((_, i) =>
      i === saturday ? { school_start: "", school_end: "", arrival: "", free: [] } : {
        school_start: defaults.schoolStart,
        school_end: defaults.schoolEnd,
        arrival: defaults.arrival,
        free: [],
      }
    ),
    notes: "",
  };
}

/** Field errors by path ('email', 'week.2.free.1', 'vacations.0'); empty when the form is fine. */
export type AnswerErrors = Record<string, string>;

const requiredMessages: [keyof QuestionnaireAnswers, string][] = [
  ["first_name", "Bitte geben Sie Ihren Vornamen ein."],
  ["last_name", "Bitte geben Sie Ihren Nachnamen ein."],
  ["email", "Bitte geben Sie Ihre E-Mail-Adresse ein."],
  ["phone", "Bitte geben Sie Ihre Telefonnummer ein."],
  ["school_name", "Bitte geben Sie den Namen Ihrer Schule ein."],
  ["start_location", "Bitte wählen Sie einen Startort."],
  ["license_class", "Bitte wählen Sie Ihre Führerscheinklasse."],
];

/** The licence classes the school trains, as a student reads them (common/school_rules.ts). */
export const licenceClassOptions = [
  { value: "B", label: "B – Schaltwagen" },
  { value: "B197", label: "B197 – Automatik, mit Fahrten im Schaltwagen" },
  { value: "B78", label: "B78 – nur Automatik" },
];

// Deliberately loose: one '@', something on each side, a dot in the domain. The server decides.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The questionnaire rules of spec 02 §5: the required fields, at most 3 free periods per day,
 * each with a start before its end, and vacations that neither lie in the past nor end before
 * they start. `today` is passed in by tests; the admin editing an answer given weeks ago passes
 * null, because a vacation that has begun since is still true (the server judges alike).
 */
export function validateAnswers(
  answers: QuestionnaireAnswers,
  today: string | null = todayIso(),
): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const [field, message] of requiredMessages) {
    // `?? ""`: a draft kept on the device before a field existed lacks it.
    if (String(answers[field] ?? "").trim() === "") errors[field] = message;
  }
  if (!errors.email && !emailPattern.test(answers.email.trim())) {
    errors.email = "Bitte geben Sie eine gültige E-Mail-Adresse ein.";
  }
  // The server's rule, said before sending (issue 25, point 22).
  if (!errors.phone && !isPhoneNumber(answers.phone)) errors.phone = invalidPhoneMessage;
  answers.week.forEach((day, d) => {
    if (day.school_start && day.school_end && day.school_end <= day.school_start) {
      errors[`week.${d}.school`] = "Das Schulende muss nach dem Schulbeginn liegen.";
    }
    if (day.free.length > maxFreePeriods) {
      errors[`week.${d}.free`] = "Höchstens 3 Freistunden pro Tag.";
    }
    day.free.forEach((period, p) => {
      if (!period.start || !period.end) {
        errors[`week.${d}.free.${p}`] = "Bitte geben Sie Beginn und Ende der Freistunde an.";
      } else if (period.end <= period.start) {
        errors[`week.${d}.free.${p}`] = "Das Ende der Freistunde muss nach dem Beginn liegen.";
      }
    });
  });
  answers.vacations.forEach((row, v) => {
    if (!row.start && !row.end) return; // an empty row is simply dropped
    if (!row.start || !row.end) {
      errors[`vacations.${v}`] = "Bitte geben Sie Beginn und Ende des Urlaubs an.";
    } else if (today && row.start < today) {
      errors[`vacations.${v}`] = "Ein Urlaub kann nicht vor dem heutigen Tag beginnen.";
    } else if (row.end < row.start) {
      errors[`vacations.${v}`] = "Das Ende des Urlaubs kann nicht vor dem Beginn liegen.";
    }
  });
  return errors;
}

/** The payload of spec 02 §3 from the form; empty vacation rows and empty days are left out. */
export function toPayload(answers: QuestionnaireAnswers): QuestionnairePayload {
  const vacations = answers.vacations
    .filter((v) => v.start && v.end)
    .map((v) => ({ start: v.start, end: v.end }));
  const schedule = answers.week.map((day, i) => ({
    day_of_week: i + 1,
    school_start: day.school_start || null,
    school_end: day.school_end || null,
    arrival_time: day.arrival || null,
    free_periods: day.free
      .filter((f) => f.start && f.end)
      .map((f) => ({ start: f.start, end: f.end })),
  })).filter((d) => d.school_start || d.school_end || d.arrival_time || d.free_periods.length > 0);
  return {
    first_name: answers.first_name.trim(),
    last_name: answers.last_name.trim(),
    email: answers.email.trim(),
    phone: answers.phone.trim(),
    birth_date: answers.birth_date || null,
    school_name: answers.school_name.trim(),
    start_location: answers.start_location,
    license_class: answers.license_class ?? "",
    notes: answers.notes.trim(),
    available_in_holidays: answers.available_in_holidays,
    vacation_periods: vacations,
    school_schedule_data: { school_schedule: schedule },
    availabilities_data: availabilitiesData(schedule, vacations, answers.available_in_holidays),
  };
}

const text = (value: unknown) => typeof value === "string" ? value : "";
const time = (value: unknown) => text(value).slice(0, 5);

/**
 * The form from stored answers (the admin's details modal). Reads the payload of spec 02 §3; a
 * day missing in the schedule stays empty rather than taking the defaults, since the student
 * left it out.
 */
export function fromPayload(payload: Partial<QuestionnairePayload>): QuestionnaireAnswers {
  const answers = emptyAnswers();
  const schedule = payload.school_schedule_data?.school_schedule;
  const week = answers.week.map((): DayAnswers => ({
    school_start: "",
    school_end: "",
    arrival: "",
    free: [],
  }));
  for (const day of schedule ?? []) {
    const index = Number(day.day_of_week) - 1;
    if (!(index >= 0 && index < week.length)) continue;
    week[index] = {
      school_start: time(day.school_start),
      school_end: time(day.school_end),
      arrival: time(day.arrival_time),
      free: (day.free_periods ?? []).slice(0, maxFreePeriods).map((f) => ({
        key: rowKey(),
        start: time(f.start),
        end: time(f.end),
      })),
    };
  }
  return {
    ...answers,
    first_name: text(payload.first_name),
    last_name: text(payload.last_name),
    email: text(payload.email),
    phone: text(payload.phone),
    birth_date: text(payload.birth_date),
    school_name: text(payload.school_name),
    start_location: text(payload.start_location),
    license_class: text(payload.license_class),
    available_in_holidays: payload.available_in_holidays === "nein" ? "nein" : "ja",
    vacations: (payload.vacation_periods ?? []).map((v) => ({
      key: rowKey(),
      start: text(v.start),
      end: text(v.end),
    })),
    week: schedule ? week : answers.week,
    notes: text(payload.notes),
  };
}

/** Whether a value read back from the device is a draft of this form (an old app may differ). */
export function isAnswers(value: unknown): value is QuestionnaireAnswers {
  const v = value as QuestionnaireAnswers | null;
  return typeof v === "object" && v !== null && typeof v.first_name === "string" &&
    // A draft of the older Monday-to-Friday form is read too (draft.ts adds the Saturday).
    Array.isArray(v.week) && [5, schoolDayNames.length].includes(v.week.length) &&
    v.week.every((d) => Array.isArray(d?.free)) && Array.isArray(v.vacations);
}
