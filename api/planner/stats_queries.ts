import type { Db } from "../../db/connection.ts";
import type { SystemCounts } from "../../common/contract/dashboard_stats.ts";
import { horizonCte, utilizationCtes } from "../lib/instructor_utilization.ts";

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
      (select count(*)::int from availabilities) as availabilities,
      (select count(*)::int from appointments) as appointments_stored,
      (select count(*)::int from appointments where starts_at > now()) as appointments_future
  `;
  return row as SystemCounts;
}

/**
 * Fairness over the active students: how many non-cancelled appointments each has in the planning
 * horizon, with shares, averages and the population standard deviation, and the students bucketed
 * by the share of their need those lessons cover (issue 25, point 11: counted in lessons, all 50
 * students of a school landed in "5+"). A student's need is the hours still to drive, required
 * minus completed (both transmissions); more lessons than needed count as 100 %; a student with
 * no need left is in no bucket but counted apart.
 */
export async function fairnessRow(sql: Db) {
  const [row] = await sql`
    with ${horizonCte(sql)},
    per_student as (
      -- Fahrstunden, not rows: a double lesson is two (lesson_count, migration 0190).
      select u.id,
             coalesce(sum(lesson_count(a.appointment_type, a.starts_at, a.ends_at))
                        filter (where a.id is not null), 0)::int as n,
             greatest(0, coalesce(max(p.required_manual_hours + p.required_automatic_hours
                                      - p.completed_manual_hours - p.completed_automatic_hours),
                                  0)) as need
        from users u
        cross join horizon h
        left join student_profiles p on p.user_id = u.id
        left join appointments a
          on a.student_id = u.id and a.status <> 'cancelled'
         and a.starts_at >= h.starts and a.starts_at < h.ends
       where u.role = 'student' and u.is_active
       group by u.id
    ),
    shares as (
      select n, need,
             case when need > 0 then least(100, round(100.0 * n / need)) end as share
        from per_student
    ),
    totals as (
      select count(*)::int as total,
             count(*) filter (where n > 0)::int as with_appointments,
             coalesce(sum(n), 0)::int as appointments,
             coalesce(stddev_pop(n), 0) as std_dev,
             count(*) filter (where share <= 20)::int as p0,
             count(*) filter (where share between 21 and 40)::int as p21,
             count(*) filter (where share between 41 and 60)::int as p41,
             count(*) filter (where share between 61 and 80)::int as p61,
             count(*) filter (where share >= 81)::int as p81,
             count(*) filter (where need = 0)::int as without_need
        from shares
    )
    select p0, p21, p41, p61, p81, without_need, total, with_appointments,
           ${sharesSql(sql)},
           round(std_dev, 2)::float8 as fairness_score
      from totals
  `;
  return row;
}

/**
 * Workload of the active instructors in the planning horizon, with utilization as
 * api/lib/instructor_utilization.ts defines it (the same figure the instructors list shows).
 */
export async function workloadRow(sql: Db) {
  const [row] = await sql`
    with ${horizonCte(sql)}, ${utilizationCtes(sql, "active")},
    per_instructor as (
      select i.first_name, i.last_name, i.username, u.appointments as n, u.utilization
        from utilization u
        join users i on i.id = u.user_id
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
