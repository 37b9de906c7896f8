import type { FieldErrors } from "../../lib/field_errors.ts";
import { englishWeekdayKeys } from "../../../../common/german_words.ts";
import { germanWeekdayNames, shortTime } from "../../lib/german_dates.ts";
import { completeRanges, incompleteRangeProblem, person, rangeRows } from "./people_types.ts";
import type { PersonFields, RangeRow } from "./people_types.ts";

/** A row of GET /api/admin/users/?role=student and the student detail: the contract's types. */
export type { StudentDetail, StudentRow } from "../../lib/api_types.ts";
import type { StudentDetail } from "../../lib/api_types.ts";

/** The student's training record as the detail answers it (issue 22). */
export type Training = StudentDetail["training"];

/** Licence classes with the lesson plan each stands for (spec 02 §3). */
export const licenseClassOptions = [
  { value: "B197", label: "B197 (7x Auto / 6x Schaltung / 7x Auto)" },
  { value: "B78", label: "B78 (20x Automatic)" },
  { value: "B", label: "B (20x Manual)" },
];

/** The weekdays of the student's plan, Monday first (issue 22: Saturday and Sunday too). */
export const dayKeys = englishWeekdayKeys;
export type DayKey = typeof dayKeys[number];

/** At most 3 free periods per day (spec 02 §5). */
export const maxFreePeriods = 3;

/** One weekday of the weekly plan. */
export interface DayPlan {
  school_start: string;
  school_end: string;
  arrival: string;
  free: RangeRow[];
}

/** Everything the student forms edit. */
export interface StudentForm extends PersonFields {
  school_name: string;
  start_location: string;
  license_class: string;
  notes: string;
  available_in_holidays: "ja" | "nein";
  /** Fahrstunden and special drives to plan (issue 22), as typed; only the detail edits them. */
  required_manual_hours: string;
  required_automatic_hours: string;
  required_overland: string;
  required_highway: string;
  required_night: string;
  special_drives_released: boolean;
  /** the exam's day (ISO) and time (HH:MM); both empty: no exam */
  exam_date: string;
  exam_time: string;
  /** done, planned and open per kind (detail only; null for a new student) */
  training: Training | null;
  /** the class as loaded, to tell whether the save changes it */
  loadedClass: string;
  /** every weekday; the form shows the school's planned ones and any other that has times */
  week: Record<DayKey, DayPlan>;
  vacations: RangeRow[];
  /**
   * The school times and vacations as loaded (JSON of their payload part), or null for a new
   * student: an unchanged part is not sent, so a save of the phone number rewrites no row and
   * does not bump the version her open grid holds.
   */
  loadedParts: Record<string, string> | null;
}

const emptyWeek = () =>
  Object.fromEntries(
    dayKeys.map((day) => [day, { school_start: "", school_end: "", arrival: "", free: [] }]),
  ) as unknown as Record<DayKey, DayPlan>;

/** A blank create form; holiday attendance defaults to 'ja'. */
export function emptyStudentForm(): StudentForm {
  return {
    ...person.empty(),
    school_name: "",
    start_location: "",
    license_class: "",
    notes: "",
    available_in_holidays: "ja",
    required_manual_hours: "",
    required_automatic_hours: "",
    required_overland: "",
    required_highway: "",
    required_night: "",
    special_drives_released: false,
    exam_date: "",
    exam_time: "",
    training: null,
    loadedClass: "",
    week: emptyWeek(),
    vacations: [],
    loadedParts: null,
  };
}

/** The form filled from the stored student. */
export function studentFormFromDetail(detail: StudentDetail): StudentForm {
  const meta = detail.profile?.metadata ?? {};
  const week = emptyWeek();
  for (const day of detail.school_schedule ?? []) {
    const key = dayKeys[Number(day.day_of_week) - 1];
    if (!key) continue;
    week[key] = {
      school_start: shortTime(day.school_start),
      school_end: shortTime(day.school_end),
      arrival: shortTime(day.arrival_time),
      free: rangeRows((day.free_periods ?? []).slice(0, maxFreePeriods), shortTime),
    };
  }
  const form: StudentForm = {
    ...person.fromDetail(detail),
    phone: meta.phone ?? detail.phone ?? "",
    school_name: meta.school_name ?? "",
    start_location: meta.start_location ?? "",
    license_class: detail.profile?.license_class ?? "",
    notes: meta.notes ?? "",
    available_in_holidays: meta.available_in_holidays === "nein" ? "nein" : "ja",
    required_manual_hours: String(detail.training.manual.required),
    required_automatic_hours: String(detail.training.automatic.required),
    required_overland: String(detail.training.overland.required),
    required_highway: String(detail.training.highway.required),
    required_night: String(detail.training.night.required),
    special_drives_released: detail.special_drives_released,
    exam_date: detail.exam_at?.slice(0, 10) ?? "",
    exam_time: detail.exam_at?.slice(11, 16) ?? "",
    training: detail.training,
    loadedClass: detail.profile?.license_class ?? "",
    week,
    vacations: rangeRows(detail.vacation_periods),
    loadedParts: null,
  };
  return { ...form, loadedParts: partsJson(timesPayload(form)) };
}

/** Each part's JSON, to tell later which of them the user changed. */
function partsJson(parts: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, JSON.stringify(v)]));
}

/** The validation message when nothing makes the student plannable (spec 02 §5). */
export const noTimesMessage =
  "Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.";

/** The update checks, every one at once by its field (issue 25): names and class stay required. */
export function studentUpdateProblems(form: StudentForm): FieldErrors {
  const errors = person.problems(form);
  if (!form.license_class) errors.license_class = "Bitte wählen Sie eine Führerscheinklasse aus.";
  const week = dayKeys.map((day, i) =>
    incompleteRangeProblem(form.week[day].free, `Freistunde am ${germanWeekdayNames[i]},`)
  ).find(Boolean);
  if (week) errors.school_schedule = week;
  const vacations = incompleteRangeProblem(form.vacations, "Urlaub");
  if (vacations) errors.vacation_periods = vacations;
  return errors;
}

/** The create checks of spec 02 §5, every one at once by its field; {} when all is well. */
export function studentCreateProblems(form: StudentForm): FieldErrors {
  const errors = studentUpdateProblems(form);
  const plannable = dayKeys.some((day) =>
    form.week[day].arrival || form.week[day].free.some((p) => p.start && p.end)
  );
  if (!plannable && !errors.school_schedule) errors.arrival_times = noTimesMessage;
  return errors;
}

function personAndSchool(form: StudentForm) {
  return {
    ...person.payload(form),
    school_name: form.school_name.trim(),
    start_location: form.start_location,
    license_class: form.license_class,
    notes: form.notes.trim(),
    available_in_holidays: form.available_in_holidays,
  };
}

/** The manual create payload of spec 02 §3 (school, free periods and arrivals as flat lists). */
export function studentCreatePayload(form: StudentForm) {
  return {
    ...personAndSchool(form),
    school_schedule: dayKeys
      .filter((day) => form.week[day].school_start && form.week[day].school_end)
      .map((day) => ({
        day,
        start: form.week[day].school_start,
        end: form.week[day].school_end,
      })),
    free_periods: dayKeys.flatMap((day) =>
      form.week[day].free
        .filter((p) => p.start && p.end)
        .map((p, i) => ({ day, period: i + 1, start: p.start, end: p.end }))
    ),
    arrival_times: dayKeys
      .filter((day) => form.week[day].arrival)
      .map((day) => ({ day, time: form.week[day].arrival })),
    vacation_periods: completeRanges(form.vacations),
  };
}

/**
 * The admin update payload: days without any data are left out, incomplete rows dropped; the
 * school times and the vacations only when they changed (the server keeps what is not sent).
 */
export function studentUpdatePayload(form: StudentForm) {
  const parts = timesPayload(form);
  const loaded = form.loadedParts;
  return {
    ...personAndSchool(form),
    ...trainingPayload(form),
    ...Object.fromEntries(
      Object.entries(parts).filter(([key, value]) =>
        !loaded || loaded[key] !== JSON.stringify(value)
      ),
    ),
  } as ReturnType<typeof personAndSchool> & Partial<typeof parts>;
}

/** The school times and vacations of the update payload. */
function timesPayload(form: StudentForm) {
  return {
    school_schedule: dayKeys
      .map((day, i) => {
        const plan = form.week[day];
        const hasSchool = plan.school_start && plan.school_end;
        return {
          day_of_week: i + 1,
          school_start: hasSchool ? plan.school_start : "",
          school_end: hasSchool ? plan.school_end : "",
          arrival_time: plan.arrival,
          free_periods: completeRanges(plan.free),
        };
      })
      .filter((d) => d.school_start || d.arrival_time || d.free_periods.length),
    vacation_periods: completeRanges(form.vacations),
  };
}

/**
 * The training fields of the update (issue 22). The hours go only when the class was not changed
 * in the same save: a new class brings its own numbers (the server sets them).
 */
function trainingPayload(form: StudentForm) {
  const classChanged = form.training !== null && form.loadedClass !== form.license_class;
  const hours = classChanged ? {} : {
    required_manual_hours: form.required_manual_hours.trim(),
    required_automatic_hours: form.required_automatic_hours.trim(),
  };
  return {
    ...hours,
    required_overland: form.required_overland.trim(),
    required_highway: form.required_highway.trim(),
    required_night: form.required_night.trim(),
    special_drives_released: form.special_drives_released,
    // Half a date-time goes as it is, so the server says what is missing.
    exam_at: form.exam_date || form.exam_time ? `${form.exam_date}T${form.exam_time}` : null,
  };
}
