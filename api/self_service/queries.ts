import type { Db } from "../../db/connection.ts";
import { fullNameSql } from "../lib/person_name.ts";
import type { AvailabilityWrite, SpecialDatesWrite } from "../../common/contract/self_service.ts";
import {
  applyHourChanges,
  type AvailabilityRow,
  gridHours,
  gridWindows,
  hourCover,
  hourKey,
  markedHours,
  weeklyKind,
} from "../../common/availability_model.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { germanDayName } from "../../common/german_words.ts";
import { invalid } from "../lib/errors.ts";
import { absencePastProblem } from "../../common/absence_dates.ts";
import { schoolDay } from "../../common/time.ts";

export type { Db };

/** The two self-service data sets, each with its own version counter on users. */
export type DataKind = "availability" | "special_dates";

/** The user's role and availabilities rows as the model reads them. */
async function weeklyOf(sql: Db, userId: number) {
  const [user] = await sql<{ role: string }[]>`select role from users where id = ${userId}`;
  const rows = await sql<AvailabilityRow[]>`
    select availability_type as kind, day_of_week::int as day,
           to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end,
           valid_from::text, valid_until::text, period::int
      from availabilities where user_id = ${userId}
     order by day_of_week, start_time, id
  `;
  return { role: user?.role ?? "student", rows, planned: await readPlannedWeekdays(sql) };
}

/**
 * The user's weekly grid, one entry per hour, Monday first: exactly the windows the planner uses
 * (common/availability_model.ts), whatever created them: an instructor's working times (grid,
 * admin form, Excel or CSV import), a student's own grid or, without one, the windows derived
 * from the school times the admin, the Excel import or the questionnaire entered. Days outside
 * the planned weekdays are listed too (the grid shows them greyed), so nothing stored is hidden.
 */
export async function listAvailability(sql: Db, userId: number) {
  const { role, rows, planned } = await weeklyOf(sql, userId);
  const windows = gridWindows(role, rows, planned);
  return [...markedHours(windows)]
    .map((key) => key.split("-").map(Number))
    .filter(([, hour]) => gridHours.includes(hour))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([day, hour]) => {
      // A partly covered hour says which part (08:30-09:00): the grid shows it (issue 25).
      const cover = hourCover(windows, day, hour);
      return { day_of_week: day, start_time: `${cover.start}:00`, end_time: `${cover.end}:00` };
    });
}

/** The grid hours the user can change: planned weekdays, 07:00 to 20:00. */
function editable(hours: Set<string>, planned: number[]): Set<string> {
  return new Set([...hours].filter((key) => {
    const [day, hour] = key.split("-").map(Number);
    return planned.includes(day) && gridHours.includes(hour);
  }));
}

/** The user's absences, by first day; each runs from `date` to `end_date`. */
export async function listSpecialDates(sql: Db, userId: number) {
  return await sql`
    select id::int, date::text, end_date::text, is_unavailable, start_time::text,
           end_time::text, description
    from special_dates
    where user_id = ${userId}
    order by date, start_time nulls first, id
  `;
}

/** The stored version of one data set; `forUpdate` locks the user row for the transaction. */
export async function readVersion(
  sql: Db,
  userId: number,
  kind: DataKind,
  options: { forUpdate?: boolean } = {},
): Promise<number> {
  const lock = options.forUpdate ? sql`for update` : sql``;
  const [row] = kind === "availability"
    ? await sql`select availability_version as version from users where id = ${userId} ${lock}`
    : await sql`select special_dates_version as version from users where id = ${userId} ${lock}`;
  return row.version;
}

/**
 * Saves the grid as a change of what it showed: only the hours the user marked or unmarked change,
 * a window they did not touch keeps its exact times, and rows on days outside the planned weekdays
 * or hours outside the grid stay as they are. An instructor's hours are their working times
 * ('work'); a student planned from her school times gets them as her own grid on her first save,
 * so one more hour adds one hour. Bumps the version; call inside a transaction.
 */
export async function replaceAvailability(
  tx: Db,
  userId: number,
  slots: AvailabilityWrite["availabilities"],
): Promise<number> {
  const { role, rows, planned } = await weeklyOf(tx, userId);
  const outside = slots.find((slot) => !planned.includes(slot.day_of_week));
  if (outside) {
    throw invalid(
      `${
        germanDayName(outside.day_of_week)
      } ist kein Planungstag der Fahrschule und kann nicht gespeichert werden.`,
    );
  }
  const kind = weeklyKind(role);
  const current = gridWindows(role, rows, planned);
  const before = editable(markedHours(current), planned);
  const after = new Set(slots.map((s) => hourKey(s.day_of_week, Number(s.start_time.slice(0, 2)))));
  const { windows, changedDays } = applyHourChanges(current, before, after);
  // Windows that are not yet stored as rows of `kind` (a student's derived windows, an
  // instructor's grid rows from before the model was one) are written whole on a change.
  const stored = rows.some((r) => r.kind === kind && r.day !== null && r.start < r.end);
  if (changedDays.size > 0 && !stored) {
    for (const w of windows) changedDays.add(w.day);
    if (kind === "work") {
      await tx`delete from availabilities where user_id = ${userId} and availability_type = 'available'`;
    }
  }
  if (changedDays.size > 0) {
    await tx`
      delete from availabilities
       where user_id = ${userId} and availability_type = ${kind}
         and day_of_week in ${tx([...changedDays])}
    `;
    const values = windows.filter((w) => changedDays.has(w.day)).map((w) => ({
      user_id: userId,
      availability_type: kind,
      day_of_week: w.day,
      start_time: w.start,
      end_time: w.end,
    }));
    if (values.length) {
      await tx`insert into availabilities ${
        tx(values, "user_id", "availability_type", "day_of_week", "start_time", "end_time")
      }`;
    }
  }
  const [row] = await tx`
    update users set availability_version = availability_version + 1
    where id = ${userId} returning availability_version as version
  `;
  return row.version;
}

/** Replaces all of the user's absences and bumps the version; call inside a transaction. */
export async function replaceSpecialDates(
  tx: Db,
  userId: number,
  entries: SpecialDatesWrite["special_dates"],
): Promise<number> {
  await refuseNewPastAbsences(tx, userId, entries);
  await tx`delete from special_dates where user_id = ${userId}`;
  if (entries.length) {
    const rows = entries.map((entry) => ({
      user_id: userId,
      date: entry.date,
      end_date: entry.end_date || entry.date,
      is_unavailable: entry.is_unavailable,
      // A whole-day absence has no times, whatever the client sent.
      start_time: entry.is_unavailable ? null : entry.start_time,
      end_time: entry.is_unavailable ? null : entry.end_time,
      description: (entry.description ?? "").trim(),
    }));
    await tx`insert into special_dates ${
      tx(
        rows,
        "user_id",
        "date",
        "end_date",
        "is_unavailable",
        "start_time",
        "end_time",
        "description",
      )
    }`;
  }
  const [row] = await tx`
    update users set special_dates_version = special_dates_version + 1
    where id = ${userId} returning special_dates_version as version
  `;
  return row.version;
}

/**
 * Appointments where the user is the student or the instructor. A planner draft (pending) is the
 * office's until published: people never see it.
 */
export async function listAppointments(sql: Db, userId: number) {
  return await sql`
    select a.id::int, a.starts_at, a.ends_at, a.appointment_type, a.title, a.transmission,
           a.status, a.cancel_reason,
           ${fullNameSql(sql, "i")} as instructor_name, ${fullNameSql(sql, "s")} as student_name,
           v.name as vehicle, nullif(sp.start_location, '') as pickup_point,
           coalesce(pp.address, '') as pickup_address,
           exists (select 1 from affected_appointments x
                    where x.appointment_id = a.id and x.absent_user_id = ${userId}) as in_own_absence
    from appointments a
    join users i on i.id = a.instructor_id
    join users s on s.id = a.student_id
    left join vehicles v on v.id = a.vehicle_id
    left join student_profiles sp on sp.user_id = a.student_id
    left join pickup_points pp on lower(pp.name) = lower(sp.start_location)
    where (a.student_id = ${userId} or a.instructor_id = ${userId})
      and a.status <> 'pending'
    order by a.starts_at
  `;
}

/** How an absence is compared with the stored ones: its days, kind and hours. */
function absenceKey(e: {
  date: string;
  end_date?: string | null;
  is_unavailable: boolean;
  start_time?: string | null;
  end_time?: string | null;
}) {
  const hours = e.is_unavailable ? "" : `${e.start_time?.slice(0, 5)}-${e.end_time?.slice(0, 5)}`;
  return `${e.date}|${e.end_date || e.date}|${e.is_unavailable}|${hours}`;
}

/**
 * Refuses a new or changed absence that lies before today (issue 25); the list is saved as a
 * whole, so a stored absence that has passed since comes back unchanged and stays.
 */
async function refuseNewPastAbsences(
  tx: Db,
  userId: number,
  entries: SpecialDatesWrite["special_dates"],
) {
  const today = schoolDay();
  const stored = new Set(
    (await tx<
      {
        date: string;
        end_date: string;
        is_unavailable: boolean;
        start_time: string | null;
        end_time: string | null;
      }[]
    >`
      select date::text, end_date::text, is_unavailable, start_time::text, end_time::text
        from special_dates where user_id = ${userId}
    `).map(absenceKey),
  );
  entries.forEach((entry, i) => {
    const problem = absencePastProblem(entry.date, entry.end_date || entry.date, today);
    if (problem && !stored.has(absenceKey(entry))) {
      throw invalid(`Abwesenheit ${i + 1}: ${problem}`);
    }
  });
}

/**
 * The user's own absences for the calendar (issue 25): the vacations and sick notes the office
 * entered and the absences the user entered, in date order. A sick note's note stays out: the
 * office wrote it, not the user.
 */
export async function listAbsences(sql: Db, userId: number) {
  const rows = await sql<
    {
      from: string;
      to: string;
      start_time: string | null;
      end_time: string | null;
      kind: string;
      note: string;
    }[]
  >`
    select start_date::text as from, end_date::text as to, null::text as start_time,
           null::text as end_time, kind, description as note
      from vacation_periods where user_id = ${userId}
    union all
    select date::text, end_date::text,
           case when is_unavailable then null else to_char(start_time, 'HH24:MI') end,
           case when is_unavailable then null else to_char(end_time, 'HH24:MI') end,
           'absence', description
      from special_dates where user_id = ${userId}
     order by 1, 3 nulls first
  `;
  const word: Record<string, string> = {
    vacation: "Urlaub",
    sick: "Krankmeldung",
    absence: "Abwesend",
  };
  return rows.map((r) => {
    const note = r.kind === "sick" ? "" : r.note.trim();
    return {
      from: r.from,
      to: r.to,
      start_time: r.start_time,
      end_time: r.end_time,
      label: `${word[r.kind] ?? "Abwesend"}${note ? ` (${note})` : ""}`,
    };
  });
}
