-- Absences as ranges (issue 14): a self-service absence runs from `date` to `end_date`, whole
-- days or the same hours (start_time-end_time) on each day of the range, so a two-week holiday is
-- one entry instead of fourteen.
alter table special_dates add column end_date date;
update special_dates set end_date = date;
alter table special_dates
  alter column end_date set not null,
  add constraint special_dates_range check (end_date >= date and end_date - date <= 366);

-- Writers that name only `date` (seeds, older code) keep writing one-day absences.
create function special_dates_end_date() returns trigger language plpgsql as $$
begin
  new.end_date := coalesce(new.end_date, new.date);
  return new;
end $$;
create trigger special_dates_end_date before insert or update on special_dates
  for each row execute function special_dates_end_date();

-- One row per day of every absence, with the columns one-day readers know (planner instance,
-- conflict check, utilization): they read days, whatever the range.
create view special_date_days as
select s.id, s.user_id, d::date as date, s.is_unavailable, s.start_time, s.end_time,
       s.description
  from special_dates s
  cross join lateral generate_series(s.date, s.end_date, interval '1 day') as d;

-- The affected lessons (0009) now see every day of a range: a whole-day range covers its days
-- inclusive, a part-day range the same hours on each of its days (Europe/Berlin school dates).
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
  ) x on true
 where a.status <> 'cancelled'
   and a.starts_at > now();
