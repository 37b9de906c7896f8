-- Sick days and re-planning the lessons an absence hits (issue 11).

-- An absence range is a vacation (the person's own, kept by the person form) or a sick note the
-- admin enters for an instructor ("Krankmeldung"); the person form replaces only vacations.
alter table vacation_periods
  add column kind text not null default 'vacation' check (kind in ('vacation', 'sick'));

-- A planner job plans everything ('full') or moves only the affected lessons ('replan_affected');
-- requested_by is the admin the worker names in the audit lines of a re-planning.
alter table planner_jobs
  add column kind text not null default 'full' check (kind in ('full', 'replan_affected')),
  add column requested_by bigint references users (id) on delete set null;

-- One row per (appointment, absence) for every future, non-cancelled appointment that overlaps an
-- absence of its student or its instructor. Computed from the data, so it stays true after an
-- absence is removed, a lesson is moved or another planner run. Absence dates are school dates
-- (Europe/Berlin, common/time.ts SCHOOL_TIME_ZONE); a range covers its whole days, inclusive.
create view affected_appointments as
select a.id as appointment_id, x.user_id as absent_user_id,
       case when x.user_id = a.instructor_id then 'instructor' else 'student' end as absent_role,
       x.source, x.absence_id, x.kind, x.from_date, x.to_date, x.start_time, x.end_time,
       x.description
  from appointments a
  join lateral (
    select v.user_id, 'vacation_period'::text as source, v.id as absence_id, v.kind,
           v.start_date as from_date, v.end_date as to_date,
           null::time as start_time, null::time as end_time, v.description
      from vacation_periods v
     where v.user_id in (a.student_id, a.instructor_id)
       and a.starts_at < ((v.end_date + 1)::timestamp at time zone 'Europe/Berlin')
       and a.ends_at > (v.start_date::timestamp at time zone 'Europe/Berlin')
    union all
    select s.user_id, 'special_date'::text, s.id,
           case when s.is_unavailable then 'day' else 'part_day' end,
           s.date, s.date,
           case when s.is_unavailable then null else s.start_time end,
           case when s.is_unavailable then null else s.end_time end,
           s.description
      from special_dates s
     where s.user_id in (a.student_id, a.instructor_id)
       and a.starts_at < ((case when s.is_unavailable then (s.date + 1)::timestamp
                                else s.date + s.end_time end) at time zone 'Europe/Berlin')
       and a.ends_at > ((case when s.is_unavailable then s.date::timestamp
                              else s.date + s.start_time end) at time zone 'Europe/Berlin')
  ) x on true
 where a.status <> 'cancelled'
   and a.starts_at > now();
