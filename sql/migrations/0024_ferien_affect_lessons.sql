-- Issue 11: Ferien entered after a plan mark the lessons of students who do not drive in the
-- Ferien, as an absence does (the planner already leaves them out of new plans). The view of
-- 0019 with one more source.
create or replace view affected_appointments as
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
           s.date, s.end_date,
           case when s.is_unavailable then null else s.start_time end,
           case when s.is_unavailable then null else s.end_time end,
           s.description
      from special_dates s
     where s.user_id in (a.student_id, a.instructor_id)
       and a.starts_at < ((s.end_date + 1)::timestamp at time zone 'Europe/Berlin')
       and a.ends_at > (s.date::timestamp at time zone 'Europe/Berlin')
       and (s.is_unavailable or exists (
             select 1 from generate_series(s.date, s.end_date, interval '1 day') as d
              where a.starts_at < ((d::date + s.end_time) at time zone 'Europe/Berlin')
                and a.ends_at > ((d::date + s.start_time) at time zone 'Europe/Berlin')))
    union all
    -- The school's Ferien, for a student who does not drive in them (available_in_holidays):
    -- Ferien entered after a plan hit its lessons as an absence would.
    select p.user_id, 'school_holiday'::text, h.id, 'ferien',
           h.start_date, h.end_date, null::time, null::time, h.name
      from school_holidays h
      join student_profiles p on p.user_id = a.student_id and not p.available_in_holidays
     where a.starts_at < ((h.end_date + 1)::timestamp at time zone 'Europe/Berlin')
       and a.ends_at > (h.start_date::timestamp at time zone 'Europe/Berlin')
  ) x on true
 where a.status <> 'cancelled'
   and a.starts_at > now();
