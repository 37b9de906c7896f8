import type { Db } from "../../db/connection.ts";
import { HORIZON_DAYS } from "../../common/school_rules.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

/**
 * The one definition of an instructor's utilization (issue 11): the dashboard (GET /admin/stats/)
 * and the instructors list (GET /admin/users/?role=instructor) both read it from here, so they
 * always agree.
 *
 * - Horizon: the planning horizon, the 30 days from tomorrow on the school's calendar;
 *   appointments belong to it by their start.
 * - Planned hours: the summed length of the instructor's non-cancelled appointments in it.
 * - Available hours (the target basis): for every date of the horizon, the whole clock hours
 *   (HH:00-HH+1:00) inside one of the instructor's 'work' windows of that weekday (or, with no
 *   'work' rows at all, inside their self-service 'available' grid, as the planner does) that
 *   overlap no 'break' (every-day or that weekday's); dates inside a vacation period or a
 *   full-day absence count nothing. Theory sessions, recurring blocks and partial absences are NOT
 *   subtracted: the figure compares lessons with contracted working time.
 * - Utilization = planned ÷ available hours in percent, one decimal, at most 100. With no
 *   available hours it is 100 when something is planned anyway, else 0; more planned hours than
 *   available ones (lessons outside the work windows) also count as 100.
 */
export const utilizationBasis =
  "Geplante Fahrstunden ÷ verfügbare Arbeitsstunden der nächsten 30 Tage, ohne stornierte Termine";

/** The planning horizon as dates and as the instants it starts and ends (CTE `horizon`). */
export function horizonCte(sql: Db) {
  return sql`
    horizon as (
      select first_day, last_day,
             first_day::timestamp at time zone ${SCHOOL_TIME_ZONE} as starts,
             (last_day + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE} as ends
        from (select (now() at time zone ${SCHOOL_TIME_ZONE})::date + 1 as first_day,
                     (now() at time zone ${SCHOOL_TIME_ZONE})::date + ${HORIZON_DAYS}::int as last_day
             ) d
    )
  `;
}

/**
 * CTEs after `horizon` ending in `utilization (user_id, appointments, planned_hours,
 * available_hours, utilization)`, one row per instructor of `scope`: the active ones (the
 * dashboard's population) or the given ids (a page of the instructors list, active or not).
 */
export function utilizationCtes(sql: Db, scope: "active" | number[]) {
  const who = scope === "active" ? sql`is_active` : sql`id = any(${scope}::bigint[])`;
  return sql`
    u_days as (
      select d::date as day, extract(isodow from d)::int as dow
        from horizon, generate_series(first_day, last_day, interval '1 day') d
    ),
    u_instructors as (
      select id from users where role = 'instructor' and ${who}
    ),
    u_windows as (
      select a.user_id, a.day_of_week, a.start_time, a.end_time, a.valid_from, a.valid_until
        from availabilities a
        join u_instructors i on i.id = a.user_id
       where a.day_of_week is not null
         -- Only the school's planned weekdays count, as for the planner (decision 0012).
         and a.day_of_week = any(coalesce(
               (select planned_weekdays from school_settings where id = 1),
               '{1,2,3,4,5,6}'::smallint[]))
         and (a.availability_type = 'work'
              or (a.availability_type = 'available' and not exists (
                    select 1 from availabilities w
                     where w.user_id = a.user_id and w.availability_type = 'work')))
    ),
    u_working_hours as (
      select w.user_id, count(distinct (d.day, h.hour))::int as hours
        from u_windows w
        join u_days d
          on d.dow = w.day_of_week
         and (w.valid_from is null or w.valid_from <= d.day)
         and (w.valid_until is null or w.valid_until >= d.day)
       cross join lateral generate_series(
               ceil(extract(epoch from w.start_time) / 3600)::int,
               floor(extract(epoch from w.end_time) / 3600)::int - 1) h(hour)
       where not exists (
               select 1 from availabilities b
                where b.user_id = w.user_id and b.availability_type = 'break'
                  and (b.day_of_week is null or b.day_of_week = d.dow)
                  and extract(epoch from b.start_time) < (h.hour + 1) * 3600
                  and extract(epoch from b.end_time) > h.hour * 3600)
         and not exists (
               select 1 from vacation_periods v
                where v.user_id = w.user_id and d.day between v.start_date and v.end_date)
         and not exists (
               select 1 from special_date_days s
                where s.user_id = w.user_id and s.date = d.day and s.is_unavailable)
       group by w.user_id
    ),
    u_planned as (
      -- Fahrstunden, not rows: a double lesson is two (lesson_count, migration 0190), as the
      -- students' side of the dashboard counts them.
      select a.instructor_id as user_id,
             sum(lesson_count(a.appointment_type, a.starts_at, a.ends_at))::int as appointments,
             sum(extract(epoch from a.ends_at - a.starts_at)) / 3600 as hours
        from appointments a
        join u_instructors i on i.id = a.instructor_id
       cross join horizon h
       where a.status <> 'cancelled' and a.starts_at >= h.starts and a.starts_at < h.ends
       group by a.instructor_id
    ),
    utilization as (
      select i.id as user_id,
             coalesce(p.appointments, 0) as appointments,
             round(coalesce(p.hours, 0)::numeric, 2)::float8 as planned_hours,
             coalesce(wh.hours, 0) as available_hours,
             case
               when coalesce(wh.hours, 0) = 0 then case when p.hours > 0 then 100 else 0 end
               else least(100, round(100 * coalesce(p.hours, 0) / wh.hours, 1))
             end::float8 as utilization
        from u_instructors i
        left join u_planned p on p.user_id = i.id
        left join u_working_hours wh on wh.user_id = i.id
    )
  `;
}

/** An instructor's utilization in the planning horizon. */
export interface Utilization {
  percent: number;
  planned_hours: number;
  available_hours: number;
  appointments: number;
}

/** The utilization of the given instructors (ids that are no instructor are left out). */
export async function instructorUtilization(
  sql: Db,
  ids: number[],
): Promise<Map<number, Utilization>> {
  if (!ids.length) return new Map();
  const rows = await sql<
    {
      user_id: number;
      appointments: number;
      planned_hours: number;
      available_hours: number;
      utilization: number;
    }[]
  >`
    with ${horizonCte(sql)}, ${utilizationCtes(sql, ids)}
    select user_id::int, appointments, planned_hours, available_hours, utilization from utilization
  `;
  return new Map(rows.map((r) => [r.user_id, {
    percent: r.utilization,
    planned_hours: r.planned_hours,
    available_hours: r.available_hours,
    appointments: r.appointments,
  }]));
}
