import {
  germanWeekdayNames,
  shortTime,
  type WorkdayKey,
  workdayKeys,
} from "../../lib/german_dates.ts";
import {
  completeRanges,
  incompleteRangeProblem,
  person,
  perWorkday,
  rangeRows,
} from "./people_types.ts";
import type { PersonFields, PersonRow, RangeRow } from "./people_types.ts";

/** A row of GET /api/admin/users/?role=student. */
export interface StudentRow extends PersonRow {
  profile: {
    license_class: string;
    required_automatic_hours: number;
    completed_automatic_hours: number;
    required_manual_hours: number;
    completed_manual_hours: number;
    metadata?: {
      phone?: string;
      school_name?: string;
      start_location?: string;
      notes?: string;
      available_in_holidays?: "ja" | "nein";
    };
  } | null;
  next_appointment: { date: string; start_time: string; instructor_name: string } | null;
  remaining_hours_total: number;
}

/** GET /api/admin/users/{id}/ for a student. */
export interface StudentDetail extends StudentRow {
  school_schedule: {
    day_of_week: number;
    school_start: string;
    school_end: string;
    arrival_time: string;
    free_periods: { period?: number; start: string; end: string }[];
  }[];
  vacation_periods: { start: string; end: string }[];
}

/** Licence classes with the lesson plan each stands for (spec 02 §3). */
export const licenseClassOptions = [
  { value: "B197", label: "B197 (7x Auto / 6x Schaltung / 7x Auto)" },
  { value: "B78", label: "B78 (20x Automatic)" },
  { value: "B", label: "B (20x Manual)" },
];

/** Where a lesson may start (spec 02 §9). */
export const startLocationOptions = ["Kley", "Lüdo Bus Bhf.", "Barop", "Eichlinghofen"].map(
  (place) => ({ value: place, label: place }),
);

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
  week: Record<WorkdayKey, DayPlan>;
  vacations: RangeRow[];
  /**
   * The school times and vacations as loaded (JSON of their payload part), or null for a new
   * student: an unchanged part is not sent, so a save of the phone number rewrites no row and
   * does not bump the version her open grid holds.
   */
  loadedParts: Record<string, string> | null;
}

const emptyWeek = () =>
  perWorkday<DayPlan>(() => ({ school_start: "", school_end: "", arrival: "", free: [] }));

/** A blank create form; holiday attendance defaults to 'ja'. */
export function emptyStudentForm(): StudentForm {
  return {
    ...person.empty(),
    school_name: "",
    start_location: "",
    license_class: "",
    notes: "",
    available_in_holidays: "ja",
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
    const key = workdayKeys[Number(day.day_of_week) - 1];
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

/** The update check: names and class stay required. */
export function studentUpdateProblem(form: StudentForm): string {
  return person.problem(form) ||
    (form.license_class ? "" : "Bitte wählen Sie eine Führerscheinklasse aus.") ||
    workdayKeys.map((day, i) =>
      incompleteRangeProblem(form.week[day].free, `Freistunde am ${germanWeekdayNames[i]},`)
    ).find(Boolean) ||
    incompleteRangeProblem(form.vacations, "Urlaub");
}

/** The create checks of spec 02 §5 in form order; '' when all is well. */
export function studentCreateProblem(form: StudentForm): string {
  const problem = studentUpdateProblem(form);
  if (problem) return problem;
  const plannable = workdayKeys.some((day) =>
    form.week[day].arrival || form.week[day].free.some((p) => p.start && p.end)
  );
  return plannable ? "" : noTimesMessage;
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
    school_schedule: workdayKeys
      .filter((day) => form.week[day].school_start && form.week[day].school_end)
      .map((day) => ({
        day,
        start: form.week[day].school_start,
        end: form.week[day].school_end,
      })),
    free_periods: workdayKeys.flatMap((day) =>
      form.week[day].free
        .filter((p) => p.start && p.end)
        .map((p, i) => ({ day, period: i + 1, start: p.start, end: p.end }))
    ),
    arrival_times: workdayKeys
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
    school_schedule: workdayKeys
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
