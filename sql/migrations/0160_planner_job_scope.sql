-- A planning run limited to some people (issue 25.12: the admin tour plans only its test-data
-- package, so a school's real students get no lessons from the tutorial). The ids are fixed when
-- the run is started; null plans everyone as before.
alter table planner_jobs add column scope_user_ids bigint[];
