-- issue 15 (Härten): rules the database keeps itself, whatever path writes the rows.

-- One weekly 'available' row per person, day and time span: the CSV import inserts with
-- `on conflict do nothing` on this key (set-based, also when two imports race); the self-service
-- grid already refuses a span twice. Identical rows stored before are kept once.
delete from availabilities a
 using availabilities b
 where a.availability_type = 'available' and b.availability_type = 'available'
   and a.user_id = b.user_id and a.day_of_week is not distinct from b.day_of_week
   and a.start_time = b.start_time and a.end_time = b.end_time and a.id > b.id;
create unique index availabilities_available_unique
  on availabilities (user_id, availability_type, day_of_week, start_time, end_time)
  where availability_type = 'available';

-- An appointment's student is a student and its instructor an instructor (the API checks this
-- too; the trigger also holds for the planner worker, scripts and hand-written SQL). The rows are
-- read `for share`, so a concurrent role change waits; users_role_in_appointments refuses a role
-- change of someone who has appointments.
create function appointment_roles_check() returns trigger language plpgsql as $$
begin
  perform 1 from users where id = new.student_id and role = 'student' for share;
  if not found then
    raise exception 'Termin: Die Person % ist kein Fahrschüler.', new.student_id
      using errcode = '23514', constraint = 'appointments_student_role';
  end if;
  perform 1 from users where id = new.instructor_id and role = 'instructor' for share;
  if not found then
    raise exception 'Termin: Die Person % ist kein Fahrlehrer.', new.instructor_id
      using errcode = '23514', constraint = 'appointments_instructor_role';
  end if;
  return new;
end $$;
create trigger appointments_roles before insert or update of student_id, instructor_id
  on appointments for each row execute function appointment_roles_check();

create function users_role_in_appointments() returns trigger language plpgsql as $$
begin
  if exists (select 1 from appointments where student_id = new.id or instructor_id = new.id) then
    raise exception 'Die Rolle von % kann nicht geändert werden, es gibt Termine.', new.username
      using errcode = '23514', constraint = 'users_role_in_appointments';
  end if;
  return new;
end $$;
create trigger users_role_change before update of role on users
  for each row when (old.role is distinct from new.role)
  execute function users_role_in_appointments();

-- An arrival time lies before the end of the day's availability: a student drives from arrival
-- until 20:00 (api/people/student_payload.ts; the planner and the self-service view read 20:00
-- whatever end_time says). The 'arrival' exemption of the end-after-start check let 22:00 be
-- stored. Older arrival rows get the 20:00 they always meant; those at or after 20:00 never gave
-- a lesson (the planner skips them) and are removed.
delete from availabilities where availability_type = 'arrival' and start_time >= '20:00';
update availabilities set end_time = '20:00'
 where availability_type = 'arrival' and end_time <> '20:00';
alter table availabilities drop constraint availabilities_check;
alter table availabilities
  add constraint availabilities_end_after_start check (end_time > start_time);

-- No identical absence twice: the same person, kind and days (vacation_periods), the same person,
-- day and times (special_dates). The description does not make a second one different.
delete from vacation_periods a
 using vacation_periods b
 where a.user_id = b.user_id and a.kind = b.kind and a.start_date = b.start_date
   and a.end_date = b.end_date and a.id > b.id;
create unique index vacation_periods_unique
  on vacation_periods (user_id, kind, start_date, end_date);
delete from special_dates a
 using special_dates b
 where a.user_id = b.user_id and a.date = b.date and a.is_unavailable = b.is_unavailable
   and a.start_time is not distinct from b.start_time
   and a.end_time is not distinct from b.end_time and a.id > b.id;
create unique index special_dates_unique
  on special_dates (user_id, date, is_unavailable, start_time, end_time) nulls not distinct;
