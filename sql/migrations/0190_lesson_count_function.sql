-- Issue 22: how many Fahrstunden one appointment is, in one place. A driving lesson of 90 minutes
-- or more is a double lesson (training.ordinaryDoubleLessons writes it as one row) and counts
-- twice; every other appointment, special drives included (their 45-minute units are counted
-- apart), counts once. The view of migration 0170 and the API's draft and fairness counts use it,
-- so a Doppelstunde is two lessons on every screen.
create or replace function lesson_count(kind text, starts_at timestamptz, ends_at timestamptz)
returns int
language sql immutable parallel safe
as $$
  select case when kind = 'driving_lesson' and ends_at - starts_at >= interval '90 minutes'
              then 2 else 1 end
$$;

create or replace view student_training_counts as
select a.student_id,
       a.appointment_type as kind,
       a.transmission,
       coalesce(sum(lesson_count(a.appointment_type, a.starts_at, a.ends_at))
         filter (where a.ends_at <= now()), 0)::int as done_lessons,
       coalesce(sum(lesson_count(a.appointment_type, a.starts_at, a.ends_at))
         filter (where a.ends_at > now()), 0)::int as planned_lessons,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at <= now()), 0)::int as done_units,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at > now()), 0)::int as planned_units
  from appointments a
 where a.status <> 'cancelled'
   and a.appointment_type in ('driving_lesson', 'overland', 'highway', 'night')
 group by a.student_id, a.appointment_type, a.transmission;
