import type { z } from "zod";
import type { Sql } from "../../db/connection.ts";
import {
  type Schedule,
  type ScheduleInstructor,
  type scheduleQuerySchema,
} from "../../common/contract/schedule.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import {
  type AppointmentRow,
  appointmentSelect,
  withDisplay,
} from "../appointments/appointment_rows.ts";

export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

/**
 * The instructors and their appointments of the range. Active instructors always get their
 * column; one who has left only while lessons of theirs fall into the range, so nothing booked
 * disappears from the overview.
 */
/** Lessons of the range: Berlin days, so a lesson at 00:15 on Monday belongs to Monday. */
function inRange(sql: Sql, query: ScheduleQuery) {
  return sql`
    a.starts_at >= (${query.from}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}
    and a.starts_at < (${query.to}::date + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE}`;
}

/**
 * The instructors the overview shows for the range. Active instructors always get their column;
 * one who has left only while lessons of theirs fall into the range, so nothing booked
 * disappears from the overview. Answers 404 for an instructor_id that names no instructor.
 */
export async function scheduleInstructors(
  sql: Sql,
  query: ScheduleQuery,
): Promise<ScheduleInstructor[]> {
  const oneInstructor = query.instructor_id !== undefined;
  const instructors = await sql<ScheduleInstructor[]>`
    select u.id::int, ${fullNameSql(sql, "u")} as name,
           coalesce(p.transmission_types, '{}') as transmission_types
    from users u
    left join instructor_profiles p on p.user_id = u.id
    where u.role = 'instructor'
      and ${
    oneInstructor ? sql`u.id = ${query.instructor_id!}` : sql`(
        u.is_active
        or exists (select 1 from appointments a where a.instructor_id = u.id
                                                  and ${inRange(sql, query)}))`
  }
    order by lower(u.last_name), lower(u.first_name), u.id
  `;
  if (oneInstructor && instructors.length === 0) throw notFound("Fahrlehrer");
  // Transmission types in a fixed order, whatever order the profile stored them in.
  return instructors.map((i) => ({
    ...i,
    transmission_types: (["automatic", "manual"] as const).filter((t) =>
      i.transmission_types.includes(t)
    ),
  }));
}

/** The instructors and their appointments of the range. */
export async function loadSchedule(sql: Sql, query: ScheduleQuery): Promise<Schedule> {
  const instructors = await scheduleInstructors(sql, query);
  const appointments = await sql<
    Omit<AppointmentRow, "appointment_type_display" | "type_display">[]
  >`
    ${appointmentSelect(sql)}
    where ${inRange(sql, query)}
      ${
    query.instructor_id !== undefined ? sql`and a.instructor_id = ${query.instructor_id}` : sql``
  }
    order by a.starts_at, a.ends_at, a.id
  `;
  return {
    from: query.from,
    to: query.to,
    instructors,
    appointments: appointments.map(withDisplay),
  };
}
