import { z } from "zod";
import { germanDayName } from "../../common/german_words.ts";
import { instructorPayloadSchema } from "../../common/contract/people.ts";
import { type PersonFields, personFields, vacationRows } from "./person_fields.ts";
import { invalid } from "../lib/errors.ts";
import { FieldErrors } from "../lib/field_errors.ts";
import { isBlank, parseDate, parseDay, parseTimeRange } from "./values.ts";

export { instructorPayloadSchema };
export type InstructorPayload = z.infer<typeof instructorPayloadSchema>;

export interface TimeRow {
  day_of_week: number | null;
  start: string;
  end: string;
}

export interface BlockRow extends TimeRow {
  valid_from: string | null;
  valid_until: string | null;
  description: string;
}

/** The checked instructor data; undefined parts stay as stored (saves only). */
export interface InstructorData {
  person: PersonFields;
  transmission_types?: ("automatic" | "manual")[];
  monthly_hours_target?: number;
  /** The default vehicle; null clears it, undefined leaves it. */
  default_vehicle_id?: number | null;
  work: TimeRow[] | undefined;
  /** the weekdays `work` replaces; undefined: Monday to Friday and the days `work` names */
  workDays?: number[];
  breaks: TimeRow[] | undefined;
  vacations: { start: string; end: string }[] | undefined;
  theory: { date: string; start: string; end: string }[] | undefined;
  blocks: BlockRow[] | undefined;
}

const maxBreaks = 2;

/**
 * Checks an instructor payload as spec 02 §5 says: rows with incomplete times are dropped (as the
 * screen does before sending), complete rows must be valid, and the German message names the row.
 */
export function instructorData(
  input: InstructorPayload,
  mode: "create" | "update",
  plannedWeekdays: readonly number[] = [],
): InstructorData {
  // Every part is checked, in the form's order, so all mistakes come back at once (issue 25).
  const errors = new FieldErrors();
  const data: InstructorData = {
    person: errors.check("person", () => personFields(input, mode)) ?? {},
    work: undefined,
    breaks: undefined,
    vacations: undefined,
    theory: undefined,
    blocks: undefined,
  };
  if (input.transmission_types != null || mode === "create") {
    errors.check(
      "transmission_types",
      () => data.transmission_types = transmissionTypes(input.transmission_types ?? []),
    );
  }
  if (input.monthly_hours_target !== undefined || mode === "create") {
    errors.check(
      "monthly_hours_target",
      () => data.monthly_hours_target = hoursTarget(input.monthly_hours_target),
    );
  }
  if (input.default_vehicle_id !== undefined) data.default_vehicle_id = input.default_vehicle_id;
  errors.check("work_schedule", () => workPart(data, input, plannedWeekdays));
  if (input.breaks) errors.check("breaks", () => data.breaks = breakRows(input.breaks!));
  errors.check("vacation_periods", () => data.vacations = vacationRows(input.vacation_periods));
  errors.check("theory_sessions", () => {
    if (!input.theory_sessions) return;
    data.theory = input.theory_sessions
      .map((row, i) => ({ row, name: `Theoriestunde ${i + 1}` }))
      .filter(({ row }) => ![row.date, row.start_time, row.end_time].some(isBlank))
      .map(({ row, name }) => ({
        date: parseDate(row.date, name),
        ...parseTimeRange(row.start_time, row.end_time, name),
      }));
  });
  if (input.unavailable_blocks) {
    errors.check("unavailable_blocks", () => data.blocks = blockRows(input.unavailable_blocks!));
  }
  errors.throwIfAny();
  return data;
}

/** The working times and the days they replace. */
function workPart(
  data: InstructorData,
  input: InstructorPayload,
  plannedWeekdays: readonly number[],
) {
  if (input.work_schedule) data.work = workRows(input.work_schedule, plannedWeekdays);
  if (input.work_days) {
    data.workDays = workDays(input.work_days);
    data.work ??= [];
    const outside = data.work.find((row) => !data.workDays!.includes(row.day_of_week!));
    if (outside) {
      throw invalid(
        `Arbeitszeit ${germanDayName(outside.day_of_week!)}: Der Tag fehlt in „work_days“.`,
      );
    }
  }
}

function transmissionTypes(values: string[]): ("automatic" | "manual")[] {
  const out = new Set<"automatic" | "manual">();
  for (const value of values) {
    if (value !== "automatic" && value !== "manual") {
      throw invalid(`Unbekannter Getriebe-Typ „${value}“.`);
    }
    out.add(value);
  }
  if (!out.size) throw invalid("Bitte wählen Sie mindestens einen Getriebe-Typ aus.");
  return [...out];
}

function hoursTarget(value: unknown): number {
  if (isBlank(value)) return 0;
  const n = typeof value === "number" ? value : Number(String(value).trim().replace(",", "."));
  if (!Number.isInteger(n) || n < 0 || n > 400) {
    throw invalid("Das Stundenziel pro Monat muss eine ganze Zahl von 0 bis 400 sein.");
  }
  return n;
}

function workDays(values: unknown[]): number[] {
  return [
    ...new Set(values.map((value) => {
      const day = parseDay(value);
      if (!day) throw invalid(`Arbeitszeit: Unbekannter Wochentag „${value}“.`);
      return day;
    })),
  ];
}

/** Working times Monday to Saturday, and on Sunday when the school plans Sundays. */
function workRows(
  rows: NonNullable<InstructorPayload["work_schedule"]>,
  plannedWeekdays: readonly number[],
): TimeRow[] {
  const windows = rows
    .filter((row) => ![row.day, row.start, row.end].some(isBlank))
    .map((row) => {
      // Spec 02 edits Monday to Friday; Saturday is accepted for schools that teach then, Sunday
      // when the school's planned weekdays include it (the grid and the planner agree).
      const day = parseDay(row.day, plannedWeekdays.includes(7) ? 7 : 6);
      if (!day) throw invalid(`Arbeitszeit: Unbekannter Arbeitstag „${row.day}“.`);
      const name = `Arbeitszeit ${germanDayName(day)}`;
      return { day_of_week: day, ...parseTimeRange(row.start, row.end, name) };
    });
  // Several windows a day (08:00-12:00 and 14:00-18:00) may not overlap.
  const sorted = [...windows].sort((a, b) =>
    a.day_of_week - b.day_of_week || a.start.localeCompare(b.start)
  );
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1], sorted[i]];
    if (before.day_of_week === after.day_of_week && after.start < before.end) {
      throw invalid(
        `Arbeitszeit ${germanDayName(after.day_of_week)}: Die Zeitfenster ${
          before.start.slice(0, 5)
        }–${before.end.slice(0, 5)} und ${after.start.slice(0, 5)}–${
          after.end.slice(0, 5)
        } überschneiden sich.`,
      );
    }
  }
  return windows;
}

function breakRows(rows: NonNullable<InstructorPayload["breaks"]>): TimeRow[] {
  const complete = rows
    .map((row, i) => ({ row, name: `Pause ${i + 1}` }))
    .filter(({ row }) => !isBlank(row.start) && !isBlank(row.end));
  if (complete.length > maxBreaks) throw invalid("Es sind höchstens 2 Pausen möglich.");
  // day_of_week null: the break applies to every work day (data model contract).
  return complete.map(({ row, name }) => ({
    day_of_week: null,
    ...parseTimeRange(row.start, row.end, name),
  }));
}

function blockRows(rows: NonNullable<InstructorPayload["unavailable_blocks"]>): BlockRow[] {
  return rows
    .map((row, i) => ({ row, name: `Sperrzeit ${i + 1}` }))
    .filter(({ row }) => ![row.day_of_week, row.start_time, row.end_time].some(isBlank))
    .map(({ row, name }) => {
      const day = parseDay(row.day_of_week, 5);
      if (!day) throw invalid(`${name}: Bitte wählen Sie einen Wochentag von Montag bis Freitag.`);
      const from = isBlank(row.valid_from) ? null : parseDate(row.valid_from, name);
      const until = isBlank(row.valid_until) ? null : parseDate(row.valid_until, name);
      if (from && until && until < from) {
        throw invalid(`${name}: „Gültig bis“ darf nicht vor „Gültig ab“ liegen.`);
      }
      return {
        day_of_week: day,
        ...parseTimeRange(row.start_time, row.end_time, name),
        valid_from: from,
        valid_until: until,
        description: (row.description ?? "").trim(),
      };
    });
}
