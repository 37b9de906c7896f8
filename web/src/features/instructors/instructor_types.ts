import { shortTime, type WorkdayKey, workdayKeys } from "../../lib/german_dates.ts";

/** A row of GET /api/admin/users/?role=instructor. */
export interface InstructorRow {
  id: number;
  username: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  is_active: boolean;
  date_joined: string;
  profile: { transmission_types: string[]; monthly_hours_target: number } | null;
  week_hours: { current: number; target: number } | null;
  today_appointments: number;
}

/** GET /api/admin/users/{id}/ for an instructor. */
export interface InstructorDetail extends InstructorRow {
  work_schedule: { day: string; start: string; end: string }[];
  breaks: { start: string; end: string }[];
  vacation_periods: { start: string; end: string }[];
  theory_sessions: { date: string; start_time: string; end_time: string }[];
  unavailable_blocks: {
    day_of_week: number;
    start_time: string;
    end_time: string;
    valid_from: string | null;
    valid_until: string | null;
    description: string;
  }[];
}

/** The answer of a create-manual call: the new person's sign-in, shown once. */
export interface CreatedAnswer {
  id: number;
  username: string;
  password?: string;
  name: string;
  message?: string;
}

let nextKey = 1;
/** A React key for rows the user adds and removes. */
export function rowKey(): number {
  return nextKey++;
}

/** A from/to pair of times or dates, as typed. */
export interface RangeRow {
  key: number;
  start: string;
  end: string;
}

/** A theory session as typed. */
export interface TheoryRow {
  key: number;
  date: string;
  start_time: string;
  end_time: string;
}

/** A recurring block as typed; day_of_week '1'..'5'. */
export interface BlockRow {
  key: number;
  day_of_week: string;
  start_time: string;
  end_time: string;
  valid_from: string;
  valid_until: string;
  description: string;
}

/** Everything the instructor form edits. */
export interface InstructorForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  automatic: boolean;
  manual: boolean;
  monthly_hours_target: string;
  work: Record<WorkdayKey, { start: string; end: string }>;
  breaks: RangeRow[];
  vacations: RangeRow[];
  theory: TheoryRow[];
  blocks: BlockRow[];
}

/** At most 2 breaks (spec 02 §5). */
export const maxBreaks = 2;

function emptyWeek(): InstructorForm["work"] {
  return Object.fromEntries(
    workdayKeys.map((day) => [day, { start: "", end: "" }]),
  ) as InstructorForm["work"];
}

/** A blank form for a new instructor. */
export function emptyInstructorForm(): InstructorForm {
  return {
    first_name: "",
    last_name: "",
    email: "",
    phone: "",
    automatic: false,
    manual: false,
    monthly_hours_target: "",
    work: emptyWeek(),
    breaks: [],
    vacations: [],
    theory: [],
    blocks: [],
  };
}

/** A new recurring block: Monday unless chosen otherwise (spec 02 §5). */
export function emptyBlock(): BlockRow {
  return {
    key: rowKey(),
    day_of_week: "1",
    start_time: "",
    end_time: "",
    valid_from: "",
    valid_until: "",
    description: "",
  };
}

/** The form filled from the stored instructor. */
export function formFromDetail(detail: InstructorDetail): InstructorForm {
  const types = detail.profile?.transmission_types ?? [];
  const work = emptyWeek();
  for (const row of detail.work_schedule ?? []) {
    if (row.day in work) {
      work[row.day as WorkdayKey] = { start: shortTime(row.start), end: shortTime(row.end) };
    }
  }
  return {
    first_name: detail.first_name ?? "",
    last_name: detail.last_name ?? "",
    email: detail.email ?? "",
    phone: detail.phone ?? "",
    automatic: types.includes("automatic"),
    manual: types.includes("manual"),
    monthly_hours_target: detail.profile?.monthly_hours_target
      ? String(detail.profile.monthly_hours_target)
      : "",
    work,
    breaks: (detail.breaks ?? []).map((b) => ({
      key: rowKey(),
      start: shortTime(b.start),
      end: shortTime(b.end),
    })),
    vacations: (detail.vacation_periods ?? []).map((v) => ({
      key: rowKey(),
      start: v.start,
      end: v.end,
    })),
    theory: (detail.theory_sessions ?? []).map((t) => ({
      key: rowKey(),
      date: t.date,
      start_time: shortTime(t.start_time),
      end_time: shortTime(t.end_time),
    })),
    blocks: (detail.unavailable_blocks ?? []).map((b) => ({
      key: rowKey(),
      day_of_week: String(b.day_of_week ?? 1),
      start_time: shortTime(b.start_time),
      end_time: shortTime(b.end_time),
      valid_from: b.valid_from ?? "",
      valid_until: b.valid_until ?? "",
      description: b.description ?? "",
    })),
  };
}

/** The client checks of spec 02 §5, in the order the form shows them; '' when all is well. */
export function instructorFormProblem(form: InstructorForm): string {
  if (!form.first_name.trim() || !form.last_name.trim()) {
    return "Bitte geben Sie Vor- und Nachnamen ein.";
  }
  if (!form.automatic && !form.manual) {
    return "Bitte wählen Sie mindestens einen Getriebe-Typ aus.";
  }
  const target = form.monthly_hours_target.trim();
  if (target && (!/^\d+$/.test(target))) {
    return "Das Stundenziel pro Monat muss eine ganze Zahl ab 0 sein.";
  }
  return "";
}

/** The save/create payload of spec 02 §3; rows with missing required parts are dropped. */
export function instructorPayload(form: InstructorForm) {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    transmission_types: [
      ...(form.automatic ? ["automatic"] : []),
      ...(form.manual ? ["manual"] : []),
    ],
    monthly_hours_target: Number(form.monthly_hours_target.trim() || 0),
    work_schedule: workdayKeys
      .filter((day) => form.work[day].start && form.work[day].end)
      .map((day) => ({ day, start: form.work[day].start, end: form.work[day].end })),
    breaks: form.breaks.filter((b) => b.start && b.end).map(({ start, end }) => ({ start, end })),
    vacation_periods: form.vacations
      .filter((v) => v.start && v.end)
      .map(({ start, end }) => ({ start, end })),
    theory_sessions: form.theory
      .filter((t) => t.date && t.start_time && t.end_time)
      .map(({ date, start_time, end_time }) => ({ date, start_time, end_time })),
    unavailable_blocks: form.blocks
      .filter((b) => b.day_of_week && b.start_time && b.end_time)
      .map((b) => ({
        day_of_week: Number(b.day_of_week),
        start_time: b.start_time,
        end_time: b.end_time,
        valid_from: b.valid_from || null,
        valid_until: b.valid_until || null,
        description: b.description.trim(),
      })),
  };
}
