import type { Db } from "../../db/connection.ts";
import type { SystemCounts } from "../../common/contract/dashboard_stats.ts";
import { HORIZON_DAYS } from "../../common/school_rules.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

/**
 * The planning horizon as the planner sees it: the 30 days from tomorrow on the school's calendar, as
 * dates and as the instants they start and end. Appointments belong to it by their start.
 */
function horizon(sql: Db) {
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
 * Shares and averages of a `totals` row (total, with_appointments, appointments): the part the
 * fairness and the workload answers have in common.
 */
function sharesSql(sql: Db) {
  return sql`
    total - with_appointments as without_appointments,
    coalesce(round(100.0 * with_appointments / nullif(total, 0), 1), 0)::float8 as with_percent,
    coalesce(round(100.0 * (total - with_appointments) / nullif(total, 0), 1), 0)::float8
      as without_percent,
    coalesce(round(appointments::numeric / nullif(total, 0), 2), 0)::float8 as avg_total,
    coalesce(round(appointments::numeric / nullif(with_appointments, 0), 2), 0)::float8
      as avg_with
  `;
}

/** The four counts of the system overview. */
export async function overviewCounts(sql: Db) {
  const [row] = await sql`
    select
      (select count(*)::int from users where role = 'student' and is_active) as students,
      (select count(*)::int from users where role = 'instructor' and is_active) as instructors,
      (select count(*)::int from appointments where status <> 'cancelled') as appointments,
      (select count(*)::int from availabilities) as availabilities
  `;
  return row as SystemCounts;
}

/**
 * Fairness over the active students: how many non-cancelled appointments each has in the planning
 * horizon, bucketed, with shares, averages and the population standard deviation.
 */
export async function fairnessRow(sql: Db) {
  const [row] = await sql`
    with ${horizon(sql)},
    per_student as (
      select u.id, count(a.id)::int as n
        from users u
        cross join horizon h
        left join appointments a
          on a.student_id = u.id and a.status <> 'cancelled'
         and a.starts_at >= h.starts and a.starts_at < h.ends
       where u.role = 'student' and u.is_active
       group by u.id
    ),
    totals as (
      select count(*)::int as total,
             count(*) filter (where n > 0)::int as with_appointments,
             coalesce(sum(n), 0)::int as appointments,
             coalesce(stddev_pop(n), 0) as std_dev,
             count(*) filter (where n = 0)::int as b0,
             count(*) filter (where n = 1)::int as b1,
             count(*) filter (where n = 2)::int as b2,
             count(*) filter (where n = 3)::int as b3,
             count(*) filter (where n = 4)::int as b4,
             count(*) filter (where n >= 5)::int as b5
        from per_student
    )
    select b0, b1, b2, b3, b4, b5, total, with_appointments,
           ${sharesSql(sql)},
           round(std_dev, 2)::float8 as fairness_score
      from totals
  `;
  return row;
}

/**
 * Workload of the active instructors in the planning horizon, with utilization.
 *
 * Utilization = planned hours / available working hours, in percent (one decimal, at most 100):
 * - planned hours: the summed length of the instructor's non-cancelled appointments that start in
 *   the horizon;
 * - available working hours: for every date of the horizon, the whole clock hours (HH:00-HH+1:00)
 *   that lie inside one of the instructor's 'work' windows of that weekday (or, with no 'work'
 *   rows at all, inside their self-service 'available' grid, as the planner does) and overlap no
 *   'break' (every-day or that weekday's); dates inside a vacation period or a full-day absence
 *   count nothing. Theory sessions, recurring blocks and partial absences are NOT subtracted: the
 *   figure compares lessons with contracted working time.
 * With no available hours, utilization is 100 when something is planned anyway, else 0; more
 * planned hours than available ones (lessons outside the work windows) also count as 100.
 */
export async function workloadRow(sql: Db) {
  const [row] = await sql`
    with ${horizon(sql)},
    days as (
      select d::date as day, extract(isodow from d)::int as dow
        from horizon, generate_series(first_day, last_day, interval '1 day') d
    ),
    instructors as (
      select id, first_name, last_name, username
        from users where role = 'instructor' and is_active
    ),
    windows as (
      select a.user_id, a.day_of_week, a.start_time, a.end_time, a.valid_from, a.valid_until
        from availabilities a
        join instructors i on i.id = a.user_id
       where a.day_of_week is not null
         and (a.availability_type = 'work'
              or (a.availability_type = 'available' and not exists (
                    select 1 from availabilities w
                     where w.user_id = a.user_id and w.availability_type = 'work')))
    ),
    working_hours as (
      select w.user_id, count(distinct (d.day, h.hour))::int as hours
        from windows w
        join days d
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
               select 1 from special_dates s
                where s.user_id = w.user_id and s.date = d.day and s.is_unavailable)
       group by w.user_id
    ),
    planned as (
      select a.instructor_id as user_id, count(*)::int as appointments,
             sum(extract(epoch from a.ends_at - a.starts_at)) / 3600 as hours
        from appointments a, horizon h
       where a.status <> 'cancelled' and a.starts_at >= h.starts and a.starts_at < h.ends
       group by a.instructor_id
    ),
    per_instructor as (
      select i.first_name, i.last_name, i.username,
             coalesce(p.appointments, 0) as n,
             case
               when coalesce(wh.hours, 0) = 0 then case when p.hours > 0 then 100 else 0 end
               else least(100, round(100 * coalesce(p.hours, 0) / wh.hours, 1))
             end::float8 as utilization
        from instructors i
        left join planned p on p.user_id = i.id
        left join working_hours wh on wh.user_id = i.id
    ),
    totals as (
      select count(*)::int as total,
             count(*) filter (where n > 0)::int as with_appointments,
             coalesce(sum(n), 0)::int as appointments,
             coalesce(min(n), 0)::int as min_appointments,
             coalesce(max(n), 0)::int as max_appointments,
             coalesce(round(avg(utilization)::numeric, 1), 0)::float8 as avg_utilization,
             count(*) filter (where n = 0)::int as b0,
             count(*) filter (where n between 1 and 10)::int as b1,
             count(*) filter (where n between 11 and 20)::int as b11,
             count(*) filter (where n between 21 and 30)::int as b21,
             count(*) filter (where n between 31 and 40)::int as b31,
             count(*) filter (where n >= 41)::int as b41,
             count(*) filter (where utilization = 0)::int as u0,
             count(*) filter (where utilization > 0 and utilization <= 20)::int as u1,
             count(*) filter (where utilization > 20 and utilization <= 40)::int as u21,
             count(*) filter (where utilization > 40 and utilization <= 60)::int as u41,
             count(*) filter (where utilization > 60 and utilization <= 80)::int as u61,
             count(*) filter (where utilization > 80)::int as u81
        from per_instructor
    )
    select totals.*,
           ${sharesSql(sql)},
           (select coalesce(json_agg(json_build_object(
                     'first_name', first_name, 'last_name', last_name, 'username', username,
                     'appointments_count', n)
                     order by n desc, last_name, first_name, username), '[]')
              from (select * from per_instructor where n > 0
                     order by n desc, last_name, first_name, username limit 5) t
           ) as top_instructors,
           (select coalesce(json_agg(json_build_object(
                     'first_name', first_name, 'last_name', last_name, 'username', username,
                     'utilization_percent', utilization, 'appointments_count', n)
                     order by utilization desc, n desc, last_name, first_name, username), '[]')
              from (select * from per_instructor where utilization > 0
                     order by utilization desc, n desc, last_name, first_name, username
                     limit 5) t
           ) as top_by_utilization
      from totals
  `;
  return row;
}
