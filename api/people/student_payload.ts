import { z } from "zod";
import { germanDayName } from "../../common/german_words.ts";
import { formatMinutes } from "../../common/time.ts";
import { type LicenceClass, licenceHours, startLocations } from "../../common/school_rules.ts";
import { studentCreateSchema, studentUpdateSchema } from "../../common/contract/people.ts";
import { type PersonFields, personFields, vacationRows } from "./person_fields.ts";
import { invalid } from "../lib/errors.ts";
import { FieldErrors } from "../lib/field_errors.ts";
import { isBlank, parseDay, parseTime, parseTimeRange } from "./values.ts";

const maxFreePeriodsPerDay = 3;

export { studentCreateSchema, studentUpdateSchema };

/** One student weekly row for `availabilities` (school, arrival or free_period). */
export interface WeeklyRow {
  availability_type: "school" | "arrival" | "free_period";
  day_of_week: number;
  start: string;
  end: string;
  period: number | null;
}

/** The checked student data; undefined parts stay as stored (updates only). */
export interface StudentData {
  person: PersonFields;
  profile: {
    license_class?: LicenceClass;
    school_name?: string;
    start_location?: string;
    notes?: string;
    available_in_holidays?: boolean;
    required_manual_hours?: number;
    required_automatic_hours?: number;
    required_overland?: number;
    required_highway?: number;
    required_night?: number;
    special_drives_released?: boolean;
    /** local school time "YYYY-MM-DDTHH:MM"; null removes the exam */
    exam_at?: string | null;
  };
  weekly: WeeklyRow[] | undefined;
  vacations: { start: string; end: string }[] | undefined;
}

type SchoolInput = z.infer<typeof studentUpdateSchema>;
// The fields create and update share (the update schema without its own school_schedule).
type SchoolFieldsInput = Omit<SchoolInput, "school_schedule">;

/**
 * What the checks need to know of the school: its planned weekdays and its pickup points (the
 * defaults when a caller has not read them: Monday to Saturday, the spec's four places).
 */
export interface SchoolContext {
  plannedWeekdays?: readonly number[];
  pickupPoints?: readonly string[];
}

/** "A, B oder C" for a German sentence. */
function choices(names: readonly string[]): string {
  return names.length < 2
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} oder ${names.at(-1)}`;
}

/**
 * Refuses a start location that is not one of the school's pickup points (the spec's four when
 * the caller has none), in the spec's sentence.
 */
export function checkStartLocation(location: string, pickupPoints?: readonly string[]) {
  const points = pickupPoints ?? startLocations;
  if (location && !points.includes(location)) {
    throw invalid(`Bitte wählen Sie einen gültigen Startort (${choices(points)}).`);
  }
}

function profileFields(
  input: SchoolFieldsInput,
  mode: "create" | "update",
  school: SchoolContext,
): StudentData["profile"] {
  const out: StudentData["profile"] = {};
  const errors = new FieldErrors();
  if (input.license_class !== undefined || mode === "create") {
    errors.check("license_class", () => {
      const value = (input.license_class ?? "").trim().toUpperCase();
      if (!value) throw invalid("Bitte wählen Sie eine Führerscheinklasse aus.");
      if (!(value in licenceHours)) {
        throw invalid(`Unbekannte Führerscheinklasse „${value}“ (B, B78 oder B197).`);
      }
      out.license_class = value as LicenceClass;
    });
  }
  for (const key of ["school_name", "notes"] as const) {
    if (input[key] !== undefined || mode === "create") out[key] = (input[key] ?? "").trim();
  }
  if (input.start_location !== undefined || mode === "create") {
    const location = (input.start_location ?? "").trim();
    errors.check("start_location", () => checkStartLocation(location, school.pickupPoints));
    out.start_location = location;
  }
  const holidays = input.available_in_holidays;
  if (holidays !== undefined || mode === "create") {
    if (holidays === null || holidays === undefined || holidays === "") {
      out.available_in_holidays = true; // the form's default is 'ja'
    } else if (holidays === true || holidays === "ja") out.available_in_holidays = true;
    else if (holidays === false || holidays === "nein") out.available_in_holidays = false;
    else {
      errors.check("available_in_holidays", () => {
        throw invalid("Die Angabe zu den Ferien muss „ja“ oder „nein“ sein.");
      });
    }
  }
  errors.throwIfAny();
  return out;
}

/**
 * A weekday of the student's plan: Monday to Saturday (as for instructors), Sunday when the school
 * plans Sundays; the grid, the planner and the forms show the school's planned weekdays.
 */
function weekday(value: unknown, what: string, plannedWeekdays: readonly number[]): number {
  const lastDay = plannedWeekdays.includes(7) ? 7 : 6;
  const day = parseDay(value, lastDay);
  if (!day) {
    throw invalid(
      `${what}: Unbekannter Wochentag „${value}“ (Montag bis ${
        lastDay === 7 ? "Sonntag" : "Samstag"
      }).`,
    );
  }
  return day;
}

function freePeriodRows(day: number, ranges: { start: string; end: string }[]): WeeklyRow[] {
  if (ranges.length > maxFreePeriodsPerDay) {
    throw invalid(`Höchstens 3 Freistunden pro Tag (${germanDayName(day)}).`);
  }
  return [...ranges]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((range, i) => ({
      availability_type: "free_period",
      day_of_week: day,
      period: i + 1,
      ...range,
    }));
}

/** The student can drive from arrival until this time (data model contract). */
const arrivalDayEnd = 20 * 60;

function arrivalRow(day: number, time: unknown): WeeklyRow {
  const label = `Ankunftszeit ${germanDayName(day)}`;
  const minutes = parseTime(time, label);
  if (minutes >= arrivalDayEnd) {
    throw invalid(
      `${label}: ${formatMinutes(minutes)} liegt nicht vor dem Ende der Fahrzeit um ` +
        `${formatMinutes(arrivalDayEnd)}.`,
    );
  }
  const end = formatMinutes(arrivalDayEnd);
  return {
    availability_type: "arrival",
    day_of_week: day,
    start: formatMinutes(minutes),
    end,
    period: null,
  };
}

function schoolRow(day: number, start: unknown, end: unknown): WeeklyRow {
  const range = parseTimeRange(start, end, `Schulzeit ${germanDayName(day)}`);
  return { availability_type: "school", day_of_week: day, period: null, ...range };
}

/** Checks the create payload; at least one free period or arrival time is required. */
export function studentCreateData(
  input: z.infer<typeof studentCreateSchema>,
  school: SchoolContext = {},
): StudentData {
  const plannedWeekdays = school.plannedWeekdays ?? [];
  // Every part is checked, in the form's order, so all mistakes come back at once (issue 25).
  const errors = new FieldErrors();
  const person = errors.check("person", () => personFields(input, "create"));
  const profile = errors.check("profile", () => profileFields(input, "create", school));
  const weekly: WeeklyRow[] = [];
  errors.check("school_schedule", () => {
    for (const row of input.school_schedule ?? []) {
      if ([row.day, row.start, row.end].some(isBlank)) continue;
      weekly.push(schoolRow(weekday(row.day, "Schulzeit", plannedWeekdays), row.start, row.end));
    }
  });
  errors.check("arrival_times", () => {
    for (const row of input.arrival_times ?? []) {
      if (isBlank(row.day) || isBlank(row.time)) continue;
      weekly.push(arrivalRow(weekday(row.day, "Ankunftszeit", plannedWeekdays), row.time));
    }
  });
  const free = errors.check("free_periods", () => {
    const freeByDay = new Map<number, { start: string; end: string }[]>();
    for (const row of input.free_periods ?? []) {
      if ([row.day, row.start, row.end].some(isBlank)) continue;
      const day = weekday(row.day, "Freistunde", plannedWeekdays);
      const list = freeByDay.get(day) ?? [];
      list.push(
        parseTimeRange(
          row.start,
          row.end,
          `Freistunde ${list.length + 1} am ${germanDayName(day)}`,
        ),
      );
      freeByDay.set(day, list);
    }
    for (const [day, ranges] of freeByDay) weekly.push(...freePeriodRows(day, ranges));
    return true;
  });
  if (free && !weekly.some((row) => row.availability_type !== "school")) {
    errors.check("arrival_times", () => {
      throw invalid(
        "Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.",
      );
    });
  }
  const vacations = errors.check("vacation_periods", () => vacationRows(input.vacation_periods));
  errors.throwIfAny();
  return { person: person!, profile: profile!, weekly, vacations: vacations ?? [] };
}

const trainingNumbers = [
  ["required_manual_hours", "Fahrstunden (Schaltwagen)"],
  ["required_automatic_hours", "Fahrstunden (Automatik)"],
  ["required_overland", "Überlandfahrten"],
  ["required_highway", "Autobahnfahrten"],
  ["required_night", "Nachtfahrten"],
] as const;

/** A count of lessons or 45-minute units the office sets: a whole number from 0 to `max`. */
function trainingNumber(value: unknown, label: string, max: number): number {
  const text = String(value).trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > max) {
    throw invalid(`${label}: Bitte eine ganze Zahl von 0 bis ${max} eingeben.`);
  }
  return Number(text);
}

/** "YYYY-MM-DDTHH:MM" (the date-time field's value) or null; anything else is refused. */
function examAt(value: string | null): string | null {
  if (value === null || !value.trim()) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  const date = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  if (
    !match || !date || date.getUTCMonth() !== +match[2] - 1 || date.getUTCDate() !== +match[3] ||
    +match[4] > 23 || +match[5] > 59
  ) {
    throw invalid("Prüfungstermin: Bitte Datum und Uhrzeit angeben (TT.MM.JJJJ, HH:MM).");
  }
  return match[0];
}

/** The training fields of an update (issue 22); fields left out stay as stored. */
function trainingFields(input: SchoolInput): Partial<StudentData["profile"]> {
  const out: Partial<StudentData["profile"]> = {};
  const errors = new FieldErrors();
  for (const [key, label] of trainingNumbers) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    errors.check(key, () =>
      out[key] = trainingNumber(
        value,
        label,
        key.startsWith("required_") && key.endsWith("hours") ? 200 : 50,
      ));
  }
  if (input.special_drives_released !== undefined && input.special_drives_released !== null) {
    out.special_drives_released = input.special_drives_released;
  }
  if (input.exam_at !== undefined) {
    errors.check("exam_at", () => out.exam_at = examAt(input.exam_at!));
  }
  errors.throwIfAny();
  return out;
}

/** Checks the admin update payload; parts left out keep their stored rows. */
export function studentUpdateData(
  input: SchoolInput,
  school: SchoolContext = {},
): StudentData {
  const plannedWeekdays = school.plannedWeekdays ?? [];
  // Every part is checked, in the form's order, so all mistakes come back at once (issue 25).
  const errors = new FieldErrors();
  const person = errors.check("person", () => personFields(input, "update"));
  const profile = {
    ...errors.check("profile", () => profileFields(input, "update", school)),
    ...errors.check("training", () => trainingFields(input)),
  };
  const weekly = errors.check("school_schedule", () => weeklyRows(input, plannedWeekdays));
  const vacations = errors.check("vacation_periods", () => vacationRows(input.vacation_periods));
  errors.throwIfAny();
  return { person: person!, profile, weekly, vacations };
}

/** The update's weekly plan (school, arrival, free periods); undefined when not sent. */
function weeklyRows(input: SchoolInput, plannedWeekdays: readonly number[]) {
  let weekly: WeeklyRow[] | undefined;
  if (input.school_schedule) {
    weekly = [];
    const seen = new Set<number>();
    for (const entry of input.school_schedule) {
      const day = weekday(entry.day_of_week, "Wochenplan", plannedWeekdays);
      if (seen.has(day)) throw invalid(`Wochenplan: ${germanDayName(day)} ist doppelt angegeben.`);
      seen.add(day);
      if (!isBlank(entry.school_start) && !isBlank(entry.school_end)) {
        weekly.push(schoolRow(day, entry.school_start, entry.school_end));
      }
      if (!isBlank(entry.arrival_time)) weekly.push(arrivalRow(day, entry.arrival_time));
      const ranges = (entry.free_periods ?? [])
        .map((p, i) => ({ p, name: `Freistunde ${i + 1} am ${germanDayName(day)}` }))
        .filter(({ p }) => !isBlank(p.start) && !isBlank(p.end))
        .map(({ p, name }) => parseTimeRange(p.start, p.end, name));
      weekly.push(...freePeriodRows(day, ranges));
    }
  }
  return weekly;
}
