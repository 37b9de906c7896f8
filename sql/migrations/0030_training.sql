-- Issue 22: what each student still has to drive, counted from the lessons that took place.
-- Special drives (Überland, Autobahn, Nacht) are counted in 45-minute units as the law counts
-- them (class B: 5, 4 and 3); the office may change each student's numbers.
alter table student_profiles
  add column required_overland integer not null default 5 check (required_overland between 0 and 50),
  add column required_highway integer not null default 4 check (required_highway between 0 and 50),
  add column required_night integer not null default 3 check (required_night between 0 and 50),
  add column special_drives_released boolean not null default false,
  add column exam_at timestamptz;

-- One place for "done" and "planned": the student detail, the student list and the planner's
-- needs all read it, so they cannot disagree. A lesson is done once its end has passed and it was
-- not cancelled; one that has not ended yet (or runs now) is planned. completed_*_hours in
-- student_profiles stay what was driven before the school used Fahrplan.
create view student_training_counts as
select a.student_id,
       a.appointment_type as kind,
       a.transmission,
       count(*) filter (where a.ends_at <= now())::int as done_lessons,
       count(*) filter (where a.ends_at > now())::int as planned_lessons,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at <= now()), 0)::int as done_units,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at > now()), 0)::int as planned_units
  from appointments a
 where a.status <> 'cancelled'
   and a.appointment_type in ('driving_lesson', 'overland', 'highway', 'night')
 group by a.student_id, a.appointment_type, a.transmission;
