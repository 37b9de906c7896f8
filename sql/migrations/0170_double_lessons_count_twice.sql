-- Issue 22, ordinary lessons as double lessons (training.ordinaryDoubleLessons): the planner writes
-- a Doppelstunde as one appointment of 90 minutes (120 with 60-minute lessons). It is two
-- Fahrstunden for what a student has done and still needs, so a driving lesson of 90 minutes or
-- more counts twice here (the student detail, the list and the planner's needs read this view).
-- Special drives keep their 45-minute units.
create or replace view student_training_counts as
select a.student_id,
       a.appointment_type as kind,
       a.transmission,
       coalesce(sum(case when a.appointment_type = 'driving_lesson'
                          and a.ends_at - a.starts_at >= interval '90 minutes' then 2 else 1 end)
         filter (where a.ends_at <= now()), 0)::int as done_lessons,
       coalesce(sum(case when a.appointment_type = 'driving_lesson'
                          and a.ends_at - a.starts_at >= interval '90 minutes' then 2 else 1 end)
         filter (where a.ends_at > now()), 0)::int as planned_lessons,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at <= now()), 0)::int as done_units,
       coalesce(sum(round(extract(epoch from a.ends_at - a.starts_at) / 2700))
         filter (where a.ends_at > now()), 0)::int as planned_units
  from appointments a
 where a.status <> 'cancelled'
   and a.appointment_type in ('driving_lesson', 'overland', 'highway', 'night')
 group by a.student_id, a.appointment_type, a.transmission;
