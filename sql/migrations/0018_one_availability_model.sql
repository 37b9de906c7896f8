-- Issue 14 (docs/decisions/0012-one-availability-model.md): one model of when a person can be
-- planned.

-- The school's planned weekdays (1 = Monday ... 7 = Sunday); one row. Grid, imports, forms and
-- planner read it; rows on other days stay stored but are not planned.
alter table school_settings add column planned_weekdays smallint[] not null default '{1,2,3,4,5,6}'
  check (planned_weekdays <@ array[1, 2, 3, 4, 5, 6, 7]::smallint[]
         and cardinality(planned_weekdays) between 1 and 7);

-- An instructor's week is their 'work' rows, the admin's working times and the instructor's own
-- grid alike. Grid rows ('available') of an instructor without working times become working
-- times: the planner already used them as such.
update availabilities a set availability_type = 'work'
 where a.availability_type = 'available'
   and exists (select 1 from users u where u.id = a.user_id and u.role = 'instructor')
   and not exists (select 1 from availabilities w
                    where w.user_id = a.user_id and w.availability_type = 'work');

-- An instructor with both had a grid the planner ignored (issue 14, problem 1). Those grid rows
-- are not deleted silently: the activity log keeps them, then they go, so the grid shows what is
-- planned.
insert into audit_log (actor_id, actor_name, action, summary, details)
select null, 'System', 'availability.model',
       'Eigene Verfügbarkeit von ' || coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''),
                                           u.username)
         || ' ersetzt durch die Arbeitszeiten (nach denen schon geplant wurde)',
       jsonb_build_object('user_id', u.id, 'rows', jsonb_agg(jsonb_build_object(
         'day_of_week', a.day_of_week, 'start_time', a.start_time::text,
         'end_time', a.end_time::text) order by a.day_of_week, a.start_time))
  from availabilities a join users u on u.id = a.user_id
 where a.availability_type = 'available' and u.role = 'instructor'
 group by u.id;
delete from availabilities a using users u
 where u.id = a.user_id and u.role = 'instructor' and a.availability_type = 'available';
