import type { Sql } from "../../db/connection.ts";
import type { PersonRow } from "../../common/contract/person_row.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { instructorUtilization, type Utilization } from "../lib/instructor_utilization.ts";

/**
 * Fahrstunden per transmission of student `u` that took place (done) and that are still ahead
 * (planned), from the view the planner reads too (migration 0030), so list, detail and planner
 * count alike.
 */
export function plannedHoursJoin(sql: Sql) {
  return sql`
    left join lateral (
      select coalesce(sum(c.done_lessons) filter (where c.transmission = 'automatic'), 0)
               as done_automatic,
             coalesce(sum(c.done_lessons) filter (where c.transmission = 'manual'), 0)
               as done_manual,
             coalesce(sum(c.planned_lessons) filter (where c.transmission = 'automatic'), 0)
               as automatic,
             coalesce(sum(c.planned_lessons) filter (where c.transmission = 'manual'), 0)
               as manual
      from student_training_counts c
      where c.student_id = u.id and c.kind = 'driving_lesson'
    ) planned on true
  `;
}

/** Open Fahrstunden over both transmissions; needs `sp` (student_profiles) and plannedHoursJoin. */
export function remainingHoursSql(sql: Sql) {
  return sql`(
    greatest(0, sp.required_automatic_hours - sp.completed_automatic_hours
                - planned.done_automatic - planned.automatic)
    + greatest(0, sp.required_manual_hours - sp.completed_manual_hours
                - planned.done_manual - planned.manual)
  )`;
}

/**
 * Hours of non-cancelled appointments in this calendar month and appointments today, both on the
 * school's wall clock, per instructor `u`.
 */
export function instructorFiguresJoin(sql: Sql) {
  return sql`
    left join lateral (
      select coalesce(sum(extract(epoch from a.ends_at - a.starts_at)), 0) / 3600 as month_hours,
             count(*) filter (
               where a.starts_at >= date_trunc('day', now() at time zone ${SCHOOL_TIME_ZONE})
                                      at time zone ${SCHOOL_TIME_ZONE}
                 and a.starts_at < (date_trunc('day', now() at time zone ${SCHOOL_TIME_ZONE})
                                      + interval '1 day') at time zone ${SCHOOL_TIME_ZONE}
             )::int as today
      from appointments a
      where a.instructor_id = u.id and a.status <> 'cancelled'
        and a.starts_at >= date_trunc('month', now() at time zone ${SCHOOL_TIME_ZONE})
                             at time zone ${SCHOOL_TIME_ZONE}
        and a.starts_at < (date_trunc('month', now() at time zone ${SCHOOL_TIME_ZONE})
                             + interval '1 month') at time zone ${SCHOOL_TIME_ZONE}
    ) figures on true
  `;
}

/** The contract's person row as the database gives it: with the role, date_joined still a Date. */
type BaseRow = Omit<PersonRow, "date_joined"> & { role: string; date_joined: Date };

type Flat = BaseRow & Record<string, unknown>;

const round2 = (n: unknown) => Math.round(Number(n) * 100) / 100;

function base(row: Flat) {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    is_active: row.is_active,
    date_joined: row.date_joined,
  };
}

/** The list rows of the given users in the shape of spec 02 §3, in the order of `ids`. */
export async function userRows(sql: Sql, ids: number[]) {
  if (!ids.length) return [];
  const rows = await sql<Flat[]>`
    select u.id::int, u.username, ${fullNameSql(sql)} as full_name, u.first_name, u.last_name,
           u.email, u.phone, u.role, u.is_active, u.date_joined,
           ip.transmission_types, ip.monthly_hours_target, ip.default_vehicle_id::int,
           round(figures.month_hours::numeric, 2)::float8 as month_hours, figures.today,
           sp.license_class, sp.required_automatic_hours,
           (sp.completed_automatic_hours + planned.done_automatic)::int as completed_automatic_hours,
           sp.required_manual_hours,
           (sp.completed_manual_hours + planned.done_manual)::int as completed_manual_hours,
           sp.school_name,
           sp.start_location, sp.notes, sp.available_in_holidays,
           round(${remainingHoursSql(sql)}::numeric, 2)::float8 as remaining_hours_total,
           next.date as next_date, next.start_time as next_start_time,
           next.instructor_name as next_instructor_name
    from users u
    left join instructor_profiles ip on ip.user_id = u.id and u.role = 'instructor'
    left join student_profiles sp on sp.user_id = u.id and u.role = 'student'
    ${instructorFiguresJoin(sql)}
    ${plannedHoursJoin(sql)}
    left join lateral (
      select to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
             to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as start_time,
             ${fullNameSql(sql, "i")} as instructor_name
      from appointments a join users i on i.id = a.instructor_id
      where a.student_id = u.id and a.status <> 'cancelled' and a.starts_at >= now()
      order by a.starts_at
      limit 1
    ) next on true
    where u.id = any(${ids}::bigint[])
  `;
  // The same utilization the dashboard shows (one function, one horizon, one basis).
  const utilization = await instructorUtilization(
    sql,
    rows.filter((row) => row.role === "instructor").map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined)
    .map((row) => shapeRow(row, utilization.get(row.id)));
}

function shapeRow(row: Flat, utilization?: Utilization) {
  if (row.role === "instructor") {
    const target = Number(row.monthly_hours_target ?? 0);
    return {
      ...base(row),
      profile: {
        transmission_types: row.transmission_types ?? [],
        monthly_hours_target: target,
        default_vehicle_id: (row.default_vehicle_id as number | null) ?? null,
      },
      // 'Diesen Monat' shows '-' without a target, so there is nothing to compare against.
      week_hours: target > 0 ? { current: round2(row.month_hours), target } : null,
      today_appointments: row.today ?? 0,
      // Planned ÷ available working hours of the next 30 days, as on the dashboard.
      utilization: utilization ?? null,
    };
  }
  if (row.role === "student") {
    return {
      ...base(row),
      profile: {
        license_class: row.license_class,
        required_automatic_hours: row.required_automatic_hours,
        completed_automatic_hours: row.completed_automatic_hours,
        required_manual_hours: row.required_manual_hours,
        completed_manual_hours: row.completed_manual_hours,
        metadata: {
          phone: row.phone,
          school_name: row.school_name ?? "",
          start_location: row.start_location ?? "",
          notes: row.notes ?? "",
          available_in_holidays: row.available_in_holidays === false ? "nein" : "ja",
        },
      },
      next_appointment: row.next_date
        ? {
          date: row.next_date,
          start_time: row.next_start_time,
          instructor_name: row.next_instructor_name,
        }
        : null,
      remaining_hours_total: round2(row.remaining_hours_total ?? 0),
    };
  }
  return base(row);
}
