-- Issue 23: accounts people can keep, and a calendar subscription per person.

-- The first admin runs on a password printed once into the start log: until they choose their
-- own, the web app shows only the change-password screen (the API says so on current-user).
alter table users
  add column must_change_password boolean not null default false,
  -- When the office set the person inactive; null while active. Kept for the affected list.
  add column deactivated_at timestamptz;

-- One private subscription address per person. The token is kept as it is, not hashed: the person
-- and the office must be able to see the address again (a hashed token could only be replaced),
-- and it grants read access to one person's lesson times only. Renewing replaces the row.
create table calendar_feeds (
  user_id bigint primary key references users (id) on delete cascade,
  token text not null unique check (token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

-- RFC 5545 SEQUENCE: a calendar that subscribed takes a changed lesson only when its SEQUENCE
-- rose. Raised here, in the database, so every writer (routes, planner worker, re-planning, later
-- code) counts; a write that changes nothing but updated_at is no change.
alter table appointments add column sequence integer not null default 0;
create function appointments_raise_sequence() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - 'sequence' - 'updated_at') is distinct from
     (to_jsonb(old) - 'sequence' - 'updated_at') then
    new.sequence := old.sequence + 1;
  else
    new.sequence := old.sequence;
  end if;
  return new;
end $$;
create trigger appointments_sequence before update on appointments
  for each row execute function appointments_raise_sequence();

-- An inactive person's future lessons are affected as a sick note's are ("Betroffene neu planen"
-- moves or cancels them); the view of 0024 with one more source.
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
    union all
    -- A person the office set inactive: every future lesson of theirs.
    select u.id, 'inactive_user'::text, u.id, 'inactive',
           (coalesce(u.deactivated_at, now()) at time zone 'Europe/Berlin')::date,
           (coalesce(u.deactivated_at, now()) at time zone 'Europe/Berlin')::date,
           null::time, null::time, ''
      from users u
     where u.id in (a.student_id, a.instructor_id) and not u.is_active
  ) x on true
 where a.status <> 'cancelled'
   and a.starts_at > now();
