-- Which guided tours a user has finished or quit (spec 01 §4, spec 02 §4). Kept on the server so
-- the admin tour does not start again in another browser; the browser's local key follows it.
create table tutorial_states (
  user_id bigint not null references users (id) on delete cascade,
  tour text not null check (tour in ('admin', 'instructor', 'student', 'student_list', 'questionnaire_demo')),
  completed_at timestamptz not null default now(),
  primary key (user_id, tour)
);
