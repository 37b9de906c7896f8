/**
 * The questionnaire's answers: checked as spec 02 §5 says, stored in one canonical shape (the
 * submit payload's own shape, so the admin's details and edit reuse the public form), and turned
 * into the people module's student create payload on approval.
 */
import { englishWeekdayKeys as englishDays, germanDayName } from "../../common/german_words.ts";
import { invalidPhoneMessage, isPhoneNumber } from "../../common/phone_number.ts";
import { licenceHours } from "../../common/school_rules.ts";
import { formatMinutes } from "../../common/time.ts";
import { invalid } from "../lib/errors.ts";
import {
  checkStartLocation,
  type SchoolContext,
  studentCreateData,
  type StudentData,
} from "../people/student_payload.ts";
import {
  isBlank,
  parseDate,
  parseDateRange,
  parseDay,
  parseEmail,
  parseTime,
} from "../people/values.ts";
import type { AnswersInput } from "../../common/contract/questionnaire_requests.ts";
import type { ScheduleDay, StoredAnswers } from "../../common/contract/questionnaires.ts";
import {
  availabilitiesData,
  maxFreePeriods,
  questionnaireDefaults as defaults,
} from "../../common/questionnaire_rules.ts";

export type { ScheduleDay };
export type Answers = StoredAnswers;

function required(value: string | null | undefined, message: string): string {
  if (isBlank(value)) throw invalid(message);
  return value!.trim();
}

function time(value: unknown, what: string): string {
  return isBlank(value) ? "" : formatMinutes(parseTime(value, what));
}

function holidays(value: unknown): "ja" | "nein" {
  if (value === false || value === "nein") return "nein";
  if (value === undefined || value === null || value === "" || value === true || value === "ja") {
    return "ja"; // the radio's default
  }
  throw invalid("Die Angabe zu den Ferien muss „ja“ oder „nein“ sein.");
}

function scheduleDays(input: AnswersInput): ScheduleDay[] {
  const sent = input.school_schedule_data?.school_schedule;
  const arrivals = new Map<number, unknown>();
  for (const a of input.availabilities_data?.availabilities ?? []) {
    const day = parseDay(a.day_of_week, 6);
    if (day) arrivals.set(day, a.start_time);
  }
  if (!sent) {
    // Nothing sent for the week: the form's defaults, or the arrival times of availabilities_data.
    return [1, 2, 3, 4, 5].map((day) => ({
      day_of_week: day,
      school_start: defaults.schoolStart,
      school_end: defaults.schoolEnd,
      arrival_time: time(
        arrivals.get(day) ?? defaults.arrival,
        `Ankunftszeit ${germanDayName(day)}`,
      ),
      free_periods: [],
    }));
  }
  const out = new Map<number, ScheduleDay>();
  for (const entry of sent) {
    // Monday to Saturday, as the people forms take (issue 22).
    const day = parseDay(entry.day_of_week, 6);
    if (!day) throw invalid(`Wochenplan: Unbekannter Wochentag „${entry.day_of_week}“.`);
    if (out.has(day)) throw invalid(`Wochenplan: ${germanDayName(day)} ist doppelt angegeben.`);
    const name = germanDayName(day);
    const schoolStart = time(entry.school_start, `Schulzeit ${name}`);
    const schoolEnd = time(entry.school_end, `Schulzeit ${name}`);
    if (!schoolStart !== !schoolEnd) {
      throw invalid(`Schulzeit ${name}: Bitte Beginn und Ende angeben.`);
    }
    if (schoolStart && schoolEnd && schoolEnd <= schoolStart) {
      throw invalid(`Schulzeit ${name}: Die Endzeit muss nach der Startzeit liegen.`);
    }
    const free = (entry.free_periods ?? []).filter((p) => !isBlank(p.start) || !isBlank(p.end));
    if (free.length > maxFreePeriods) {
      throw invalid(`Höchstens 3 Freistunden pro Tag (${name}).`);
    }
    out.set(day, {
      day_of_week: day,
      school_start: schoolStart,
      school_end: schoolEnd,
      arrival_time: time(entry.arrival_time ?? arrivals.get(day), `Ankunftszeit ${name}`),
      free_periods: free.map((p, i) => {
        const what = `Freistunde ${i + 1} am ${name}`;
        const start = time(p.start, what);
        const end = time(p.end, what);
        if (!start || !end) throw invalid(`${what}: Bitte Beginn und Ende angeben.`);
        if (end <= start) throw invalid(`${what}: Die Endzeit muss nach der Startzeit liegen.`);
        return { start, end };
      }),
    });
  }
  return [...out.values()].sort((a, b) => a.day_of_week - b.day_of_week);
}

function vacations(input: AnswersInput, today: string | null) {
  const sent = input.vacation_periods ?? input.availabilities_data?.vacation_periods ?? [];
  return sent
    .map((r) => ({ start: r.start ?? r.start_date, end: r.end ?? r.end_date }))
    .filter((r) => !isBlank(r.start) || !isBlank(r.end))
    .map((r, i) => {
      const name = `Urlaub ${i + 1}`;
      if (isBlank(r.start) || isBlank(r.end)) {
        throw invalid(`${name}: Bitte Start- und Enddatum angeben.`);
      }
      const range = parseDateRange(r.start, r.end, name);
      if (today && range.start < today) {
        throw invalid(`${name}: Das Datum darf nicht in der Vergangenheit liegen.`);
      }
      return range;
    });
}

/** A phone number the school can call: "abc" is refused (issue 25, point 22). */
function phoneNumber(text: string): string {
  if (!isPhoneNumber(text)) throw invalid(invalidPhoneMessage);
  return text;
}

/**
 * Checks a submitted (or admin-edited) questionnaire. `today` enables the rule that vacations
 * lie ahead (the public form); the admin editing an old answer later passes null.
 */
export function checkAnswers(
  input: AnswersInput,
  today: string | null,
  school: SchoolContext = {},
): Answers {
  const location = required(input.start_location, "Bitte wählen Sie einen Startort aus.");
  checkStartLocation(location, school.pickupPoints);
  const licence = (input.license_class ?? "").trim().toUpperCase() || "B";
  if (!(licence in licenceHours)) {
    throw invalid(`Unbekannte Führerscheinklasse „${licence}“ (B, B78 oder B197).`);
  }
  let birth = "";
  if (!isBlank(input.birth_date)) {
    birth = parseDate(input.birth_date, "Geburtsdatum");
    if (today && birth > today) throw invalid("Geburtsdatum: Das Datum liegt in der Zukunft.");
  }
  const answers: Answers = {
    first_name: required(input.first_name, "Vorname ist erforderlich."),
    last_name: required(input.last_name, "Nachname ist erforderlich."),
    email: parseEmail(required(input.email, "E-Mail-Adresse ist erforderlich.")).toLowerCase(),
    phone: phoneNumber(required(input.phone, "Telefonnummer ist erforderlich.")),
    birth_date: birth,
    school_name: required(input.school_name, "Schulname ist erforderlich."),
    start_location: location,
    notes: (input.notes ?? "").trim(),
    available_in_holidays: holidays(
      input.available_in_holidays ?? input.availabilities_data?.available_in_holidays,
    ),
    license_class: licence,
    vacation_periods: vacations(input, today),
    school_schedule_data: { school_schedule: scheduleDays(input) },
    availabilities_data: { availabilities: [], vacation_periods: [], available_in_holidays: "ja" },
  };
  // From the arrival time to 20:00 on each day with an arrival (spec 02 §3), as the form sends it.
  answers.availabilities_data = availabilitiesData(
    answers.school_schedule_data.school_schedule,
    answers.vacation_periods,
    answers.available_in_holidays,
  );
  // The approval will run the student create checks; run them now so a bad form fails here.
  studentData(answers, school);
  return answers;
}

/** The answers as the people module's checked student create data (used on approval). */
export function studentData(answers: Answers, school: SchoolContext = {}): StudentData {
  const schedule = answers.school_schedule_data.school_schedule;
  const day = (n: number) => englishDays[n - 1];
  const birth = answers.birth_date
    ? `Geburtsdatum: ${answers.birth_date.split("-").reverse().join(".")}`
    : "";
  return studentCreateData({
    first_name: answers.first_name,
    last_name: answers.last_name,
    email: answers.email,
    phone: answers.phone,
    school_name: answers.school_name,
    start_location: answers.start_location,
    license_class: answers.license_class,
    // The profile has no birth date column; the notes keep it for the office.
    notes: [answers.notes, birth].filter(Boolean).join("\n"),
    available_in_holidays: answers.available_in_holidays,
    school_schedule: schedule.filter((d) => d.school_start && d.school_end)
      .map((d) => ({ day: day(d.day_of_week), start: d.school_start, end: d.school_end })),
    arrival_times: schedule.filter((d) => d.arrival_time)
      .map((d) => ({ day: day(d.day_of_week), time: d.arrival_time })),
    free_periods: schedule.flatMap((d) =>
      d.free_periods.map((p, i) => ({ day: day(d.day_of_week), period: i + 1, ...p }))
    ),
    vacation_periods: answers.vacation_periods,
  }, school);
}
