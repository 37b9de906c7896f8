import type { Sql } from "../../db/connection.ts";
import { englishWeekdayKeys } from "../../common/german_words.ts";
import { notFound } from "../lib/errors.ts";
import { userRows } from "./user_rows.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { trainingOf } from "./training.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/** One user's list row plus the weekly data the detail overlay edits; 404 when unknown. */
export async function userDetail(sql: Sql, id: number) {
  const [row] = await userRows(sql, [id]);
  if (!row) throw notFound("Benutzer");
  const [{ version }] = await sql<{ version: number }[]>`
    select version from users where id = ${id}
  `;
  if (row.role === "instructor") {
    return { ...row, version, ...await instructorSchedule(sql, id) };
  }
  if (row.role === "student") {
    return {
      ...row,
      version,
      ...await studentSchedule(sql, id),
      ...await studentTraining(sql, id),
    };
  }
  return row;
}

interface AvailabilityRow {
  availability_type: string;
  day_of_week: number | null;
  start_time: string;
  end_time: string;
  period: number | null;
  valid_from: string | null;
  valid_until: string | null;
  description: string;
}

function weeklyRows(sql: Sql, id: number, types: string[]) {
  return sql<AvailabilityRow[]>`
    select availability_type, day_of_week, start_time::text, end_time::text, period,
           valid_from, valid_until, description
    from availabilities
    where user_id = ${id} and availability_type in ${sql(types)}
    order by day_of_week nulls first, start_time, id
  `;
}

function vacationRows(sql: Sql, id: number) {
  return sql<{ start: string; end: string }[]>`
    select start_date as start, end_date as "end" from vacation_periods
    where user_id = ${id} and kind = 'vacation' order by start_date, id
  `;
}

/** Work times, breaks, blocks, vacations and theory sessions in the save payload's shape. */
async function instructorSchedule(sql: Sql, id: number) {
  const rows = await weeklyRows(sql, id, ["work", "break", "unavailable"]);
  const breaks = new Map<string, { start: string; end: string }>();
  for (const row of rows.filter((r) => r.availability_type === "break")) {
    // A break is stored once for all work days; rows per day (older data) are shown once.
    const range = { start: hhmm(row.start_time)!, end: hhmm(row.end_time)! };
    breaks.set(`${range.start}-${range.end}`, range);
  }
  const theory = await sql<{ date: string; start_time: string; end_time: string }[]>`
    select date, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
    from theory_sessions where instructor_id = ${id} order by date, start_time, id
  `;
  return {
    work_schedule: rows
      .filter((r) => r.availability_type === "work" && r.day_of_week)
      .map((r) => ({
        day: englishWeekdayKeys[r.day_of_week! - 1],
        start: hhmm(r.start_time),
        end: hhmm(r.end_time),
      })),
    breaks: [...breaks.values()],
    vacation_periods: await vacationRows(sql, id),
    theory_sessions: [...theory],
    unavailable_blocks: rows
      .filter((r) => r.availability_type === "unavailable")
      .map((r) => ({
        day_of_week: r.day_of_week,
        start_time: hhmm(r.start_time),
        end_time: hhmm(r.end_time),
        valid_from: r.valid_from,
        valid_until: r.valid_until,
        description: r.description,
      })),
  };
}

/**
 * The weekly plan (school, arrival, free periods) of Monday to Saturday, of Sunday when the school
 * plans it or the student has times then, and the vacation periods.
 */
async function studentSchedule(sql: Sql, id: number) {
  const rows = await weeklyRows(sql, id, ["school", "arrival", "free_period"]);
  const planned = await readPlannedWeekdays(sql);
  const days = [1, 2, 3, 4, 5, 6, 7].filter((day) =>
    day <= 6 || planned.includes(day) || rows.some((r) => r.day_of_week === day)
  );
  const schoolSchedule = days.map((day) => {
    const ofDay = rows.filter((r) => r.day_of_week === day);
    const school = ofDay.find((r) => r.availability_type === "school");
    const arrival = ofDay.find((r) => r.availability_type === "arrival");
    return {
      day_of_week: day,
      school_start: hhmm(school?.start_time ?? null),
      school_end: hhmm(school?.end_time ?? null),
      arrival_time: hhmm(arrival?.start_time ?? null),
      free_periods: ofDay
        .filter((r) => r.availability_type === "free_period")
        .map((r, i) => ({
          period: r.period ?? i + 1,
          start: hhmm(r.start_time),
          end: hhmm(r.end_time),
        })),
    };
  });
  return { school_schedule: schoolSchedule, vacation_periods: await vacationRows(sql, id) };
}

/** The training record (issue 22): special-drive numbers, the release, the exam and the counts. */
async function studentTraining(sql: Sql, id: number) {
  const [p] = await sql<{
    required_overland: number;
    required_highway: number;
    required_night: number;
    special_drives_released: boolean;
    exam_at: string | null;
  }[]>`
    select required_overland, required_highway, required_night, special_drives_released,
           to_char(exam_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as exam_at
      from student_profiles where user_id = ${id}
  `;
  if (!p) return {};
  return { ...p, training: (await trainingOf(sql, [id])).get(id)! };
}
