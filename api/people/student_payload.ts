import { z } from "zod";
import { germanDayName } from "../../common/german_words.ts";
import { formatMinutes } from "../../common/time.ts";
import { type LicenceClass, licenceHours, startLocations } from "../../common/school_rules.ts";
import { looseValue, optionalText, personShape, vacationPeriods } from "./person_fields.ts";
import { type PersonFields, personFields, vacationRows } from "./person_fields.ts";
import { invalid } from "../lib/errors.ts";
import { isBlank, parseDay, parseTime, parseTimeRange } from "./values.ts";

const maxFreePeriodsPerDay = 3;

const schoolFields = {
  ...personShape,
  school_name: optionalText(200, "Der Schulname"),
  start_location: optionalText(50, "Der Startort"),
  license_class: optionalText(10, "Die Führerscheinklasse"),
  notes: optionalText(2000, "Die Notizen"),
  available_in_holidays: z.union([z.string().max(10), z.boolean()]).nullish(),
  vacation_periods: vacationPeriods,
};

/** Student create payload ('Neuen Schüler anlegen', spec 02 §3). */
export const studentCreateSchema = z.object({
  ...schoolFields,
  school_schedule: z.array(z.object({ day: looseValue, start: looseValue, end: looseValue }))
    .max(50).nullish(),
  free_periods: z.array(
    z.object({ day: looseValue, period: looseValue, start: looseValue, end: looseValue }),
  ).max(100).nullish(),
  arrival_times: z.array(z.object({ day: looseValue, time: looseValue })).max(50).nullish(),
});

/** Student update payload of the admin detail overlay (spec 02 §3). */
export const studentUpdateSchema = z.object({
  ...schoolFields,
  school_schedule: z.array(z.object({
    day_of_week: looseValue,
    school_start: looseValue,
    school_end: looseValue,
    arrival_time: looseValue,
    free_periods: z.array(z.object({ start: looseValue, end: looseValue })).max(20).nullish(),
  })).max(50).nullish(),
});

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
  };
  weekly: WeeklyRow[] | undefined;
  vacations: { start: string; end: string }[] | undefined;
}

type SchoolInput = z.infer<typeof studentUpdateSchema>;
const schoolFieldsSchema = z.object(schoolFields);
type SchoolFieldsInput = z.infer<typeof schoolFieldsSchema>;

function profileFields(
  input: SchoolFieldsInput,
  mode: "create" | "update",
): StudentData["profile"] {
  const out: StudentData["profile"] = {};
  if (input.license_class !== undefined || mode === "create") {
    const value = (input.license_class ?? "").trim().toUpperCase();
    if (!value) throw invalid("Bitte wählen Sie eine Führerscheinklasse aus.");
    if (!(value in licenceHours)) {
      throw invalid(`Unbekannte Führerscheinklasse „${value}“ (B, B78 oder B197).`);
    }
    out.license_class = value as LicenceClass;
  }
  for (const key of ["school_name", "notes"] as const) {
    if (input[key] !== undefined || mode === "create") out[key] = (input[key] ?? "").trim();
  }
  if (input.start_location !== undefined || mode === "create") {
    const location = (input.start_location ?? "").trim();
    if (location && !startLocations.includes(location)) {
      throw invalid(
        "Bitte wählen Sie einen gültigen Startort (Kley, Lüdo Bus Bhf., Barop oder Eichlinghofen).",
      );
    }
    out.start_location = location;
  }
  const holidays = input.available_in_holidays;
  if (holidays !== undefined || mode === "create") {
    if (holidays === null || holidays === undefined || holidays === "") {
      out.available_in_holidays = true; // the form's default is 'ja'
    } else if (holidays === true || holidays === "ja") out.available_in_holidays = true;
    else if (holidays === false || holidays === "nein") out.available_in_holidays = false;
    else throw invalid("Die Angabe zu den Ferien muss „ja“ oder „nein“ sein.");
  }
  return out;
}

function weekday(value: unknown, what: string): number {
  const day = parseDay(value, 5);
  if (!day) throw invalid(`${what}: Unbekannter Wochentag „${value}“ (Montag bis Freitag).`);
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
export function studentCreateData(input: z.infer<typeof studentCreateSchema>): StudentData {
  const weekly: WeeklyRow[] = [];
  for (const row of input.school_schedule ?? []) {
    if ([row.day, row.start, row.end].some(isBlank)) continue;
    weekly.push(schoolRow(weekday(row.day, "Schulzeit"), row.start, row.end));
  }
  for (const row of input.arrival_times ?? []) {
    if (isBlank(row.day) || isBlank(row.time)) continue;
    weekly.push(arrivalRow(weekday(row.day, "Ankunftszeit"), row.time));
  }
  const freeByDay = new Map<number, { start: string; end: string }[]>();
  for (const row of input.free_periods ?? []) {
    if ([row.day, row.start, row.end].some(isBlank)) continue;
    const day = weekday(row.day, "Freistunde");
    const list = freeByDay.get(day) ?? [];
    list.push(
      parseTimeRange(row.start, row.end, `Freistunde ${list.length + 1} am ${germanDayName(day)}`),
    );
    freeByDay.set(day, list);
  }
  for (const [day, ranges] of freeByDay) weekly.push(...freePeriodRows(day, ranges));
  const person = personFields(input, "create");
  const profile = profileFields(input, "create");
  if (!weekly.some((row) => row.availability_type !== "school")) {
    throw invalid(
      "Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.",
    );
  }
  return { person, profile, weekly, vacations: vacationRows(input.vacation_periods) ?? [] };
}

/** Checks the admin update payload; parts left out keep their stored rows. */
export function studentUpdateData(input: SchoolInput): StudentData {
  const person = personFields(input, "update");
  const profile = profileFields(input, "update");
  let weekly: WeeklyRow[] | undefined;
  if (input.school_schedule) {
    weekly = [];
    const seen = new Set<number>();
    for (const entry of input.school_schedule) {
      const day = weekday(entry.day_of_week, "Wochenplan");
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
  return { person, profile, weekly, vacations: vacationRows(input.vacation_periods) };
}
