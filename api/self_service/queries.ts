import type { Db } from "../../db/connection.ts";
import { fullNameSql } from "../lib/person_name.ts";
import type { AvailabilityWrite, SpecialDatesWrite } from "./schemas.ts";

export type { Db };

/** The two self-service data sets, each with its own version counter on users. */
export type DataKind = "availability" | "special_dates";

/**
 * The user's weekly grid ('available' rows), Monday first, one entry per hour. The grid saves
 * hours, but an imported window (CSV: 08:00-12:00) is one row; read back as its hours, it shows
 * whole in the grid and survives the next save instead of shrinking to its first hour.
 * A student who never saved a grid (imported, or approved from a questionnaire) is planned from
 * arrival to 20:00 and in free periods, Monday to Friday (solver/worker/build_instance.ts,
 * derivedWindows); the grid shows those windows then, so the student sees what the planner uses.
 */
export async function listAvailability(sql: Db, userId: number) {
  return await sql`
    with own as (
      select day_of_week, start_time, end_time from availabilities
       where user_id = ${userId} and availability_type = 'available'
    ), derived as (
      select day_of_week, start_time,
             case when availability_type = 'arrival' then '20:00'::time else end_time end
               as end_time
        from availabilities
       where user_id = ${userId} and day_of_week between 1 and 5
         and availability_type in ('arrival', 'free_period')
         and not exists (select 1 from own)
    ), windows as (select * from own union all select * from derived)
    select distinct a.day_of_week::int, make_time(h, 0, 0)::text as start_time,
           (make_time(h, 0, 0) + interval '1 hour')::text as end_time
      from windows a cross join generate_series(0, 23) as h
     where make_interval(hours => h) >= date_trunc('hour', a.start_time::interval)
       and make_time(h, 0, 0) < a.end_time
     order by 1, 2
  `;
}

/** The user's absences, by date. */
export async function listSpecialDates(sql: Db, userId: number) {
  return await sql`
    select id::int, date::text, is_unavailable, start_time::text, end_time::text, description
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

/** Replaces the grid rows and bumps the version; call inside a transaction. */
export async function replaceAvailability(
  tx: Db,
  userId: number,
  slots: AvailabilityWrite["availabilities"],
): Promise<number> {
  await tx`delete from availabilities where user_id = ${userId} and availability_type = 'available'`;
  if (slots.length) {
    const rows = slots.map((slot) => ({
      user_id: userId,
      availability_type: "available",
      day_of_week: slot.day_of_week,
      start_time: slot.start_time,
      end_time: slot.end_time,
    }));
    await tx`insert into availabilities ${
      tx(rows, "user_id", "availability_type", "day_of_week", "start_time", "end_time")
    }`;
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
  await tx`delete from special_dates where user_id = ${userId}`;
  if (entries.length) {
    const rows = entries.map((entry) => ({
      user_id: userId,
      date: entry.date,
      is_unavailable: entry.is_unavailable,
      // A whole-day absence has no times, whatever the client sent.
      start_time: entry.is_unavailable ? null : entry.start_time,
      end_time: entry.is_unavailable ? null : entry.end_time,
      description: (entry.description ?? "").trim(),
    }));
    await tx`insert into special_dates ${
      tx(rows, "user_id", "date", "is_unavailable", "start_time", "end_time", "description")
    }`;
  }
  const [row] = await tx`
    update users set special_dates_version = special_dates_version + 1
    where id = ${userId} returning special_dates_version as version
  `;
  return row.version;
}

/** Appointments where the user is the student or the instructor; cancelled ones are left out. */
export async function listAppointments(sql: Db, userId: number) {
  return await sql`
    select a.id::int, a.starts_at, a.ends_at, a.appointment_type, a.title, a.transmission,
           a.status,
           ${fullNameSql(sql, "i")} as instructor_name, ${fullNameSql(sql, "s")} as student_name,
           v.name as vehicle
    from appointments a
    join users i on i.id = a.instructor_id
    join users s on s.id = a.student_id
    left join vehicles v on v.id = a.vehicle_id
    where (a.student_id = ${userId} or a.instructor_id = ${userId})
      and a.status <> 'cancelled'
    order by a.starts_at
  `;
}
