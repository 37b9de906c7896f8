import type { FieldErrors } from "../../lib/field_errors.ts";
import { shortTime } from "../../lib/german_dates.ts";
import {
  completeRanges,
  incompleteRangeProblem,
  person,
  rangeRows,
  rowKey,
} from "./people_types.ts";
import type { PersonFields, RangeRow } from "./people_types.ts";
import type { InstructorDetail } from "../../lib/api_types.ts";
import {
  emptyWorkWeek,
  type WorkWeek,
  workWeekFromSchedule,
  workWeekPayload,
  workWeekProblem,
} from "./work_windows.ts";

// The row and the detail as the contract (common/contract/people.ts) describes them.
export type { InstructorDetail, InstructorRow } from "../../lib/api_types.ts";

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
export interface InstructorForm extends PersonFields {
  automatic: boolean;
  manual: boolean;
  monthly_hours_target: string;
  /** the default vehicle's id, "" for none (the planner names it first) */
  default_vehicle: string;
  /** every window of every weekday (work_windows.ts) */
  work: WorkWeek;
  /**
   * The working times as loaded, or null for a new instructor: only days that changed are sent,
   * so a save of the phone number leaves every stored working time as it is.
   */
  workLoaded: WorkWeek | null;
  /**
   * The other lists as loaded (JSON of their payload part), or null for a new instructor: an
   * unchanged list is not sent, so a save of the phone number rewrites no row and does not bump
   * the version an instructor's open screen holds.
   */
  loadedParts: Record<string, string> | null;
  breaks: RangeRow[];
  vacations: RangeRow[];
  theory: TheoryRow[];
  blocks: BlockRow[];
}

/** At most 2 breaks (spec 02 §5). */
export const maxBreaks = 2;

/** A blank form for a new instructor. */
export function emptyInstructorForm(): InstructorForm {
  return {
    ...person.empty(),
    automatic: false,
    manual: false,
    monthly_hours_target: "",
    default_vehicle: "",
    work: emptyWorkWeek(),
    workLoaded: null,
    loadedParts: null,
    breaks: [],
    vacations: [],
    theory: [],
    blocks: [],
  };
}

/** A new theory session row. */
export function emptyTheory(): TheoryRow {
  return { key: rowKey(), date: "", start_time: "", end_time: "" };
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
export function instructorFormFromDetail(detail: InstructorDetail): InstructorForm {
  const types = detail.profile?.transmission_types ?? [];
  const form: InstructorForm = {
    ...person.fromDetail(detail),
    automatic: types.includes("automatic"),
    manual: types.includes("manual"),
    monthly_hours_target: detail.profile?.monthly_hours_target
      ? String(detail.profile.monthly_hours_target)
      : "",
    default_vehicle: detail.profile?.default_vehicle_id
      ? String(detail.profile.default_vehicle_id)
      : "",
    work: workWeekFromSchedule(detail.work_schedule),
    workLoaded: workWeekFromSchedule(detail.work_schedule),
    loadedParts: null,
    breaks: rangeRows(detail.breaks, shortTime),
    vacations: rangeRows(detail.vacation_periods),
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
  return { ...form, loadedParts: listParts(form) };
}

/** The client checks of spec 02 §5, every one at once by its field (issue 25); {} when all is well. */
export function instructorFormProblems(form: InstructorForm): FieldErrors {
  const errors = person.problems(form);
  const target = form.monthly_hours_target.trim();
  if (target && (!/^\d+$/.test(target))) {
    errors.monthly_hours_target = "Das Stundenziel pro Monat muss eine ganze Zahl ab 0 sein.";
  }
  if (!form.automatic && !form.manual) {
    errors.transmission_types = "Bitte wählen Sie mindestens einen Getriebe-Typ aus.";
  }
  const parts = [
    ["work_schedule", workWeekProblem(form.work)],
    ["breaks", incompleteRangeProblem(form.breaks, "Pause")],
    ["vacation_periods", incompleteRangeProblem(form.vacations, "Urlaub")],
  ] as const;
  for (const [key, message] of parts) if (message) errors[key] = message;
  return errors;
}

/** The lists the form saves besides the person and the working times, in the payload's shape. */
function listPayload(form: InstructorForm) {
  return {
    transmission_types: [
      ...(form.automatic ? ["automatic"] : []),
      ...(form.manual ? ["manual"] : []),
    ],
    default_vehicle_id: form.default_vehicle ? Number(form.default_vehicle) : null,
    breaks: completeRanges(form.breaks),
    vacation_periods: completeRanges(form.vacations),
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

type ListParts = ReturnType<typeof listPayload>;

/** Each list's payload part as JSON, to tell later which of them the user changed. */
function listParts(form: InstructorForm): Record<string, string> {
  return Object.fromEntries(
    Object.entries(listPayload(form)).map(([key, value]) => [key, JSON.stringify(value)]),
  );
}

/**
 * The save/create payload of spec 02 §3; rows with missing required parts are dropped. On a save,
 * only the lists and working days that changed are sent (the server keeps what is not sent).
 */
export function instructorPayload(form: InstructorForm) {
  const lists = listPayload(form);
  const loaded = form.loadedParts;
  const changed = Object.fromEntries(
    Object.entries(lists).filter(([key, value]) =>
      !loaded || loaded[key] !== JSON.stringify(value)
    ),
  ) as Partial<ListParts>;
  return {
    ...person.payload(form),
    monthly_hours_target: Number(form.monthly_hours_target.trim() || 0),
    ...workWeekPayload(form.work, form.workLoaded),
    ...changed,
  };
}
