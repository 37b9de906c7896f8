-- Appointments become changeable (issue 11): kinds of appointment, a reason when cancelled,
-- a note, and when and by whom they were last changed.
alter table appointments
  add column cancel_reason text not null default '',
  add column notes text not null default '',
  add column updated_at timestamptz not null default now(),
  add column created_by bigint references users (id) on delete set null,
  add constraint appointments_type_known check (appointment_type in
    ('driving_lesson', 'overland', 'highway', 'night', 'exam', 'theory'));

-- Every admin action, written in the same transaction as the change it describes.
-- summary is the German line "Letzte Aktivitäten" shows; details keep ids and counts.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id bigint references users (id) on delete set null,
  -- The name at the time of the action: the line stays readable after the actor is deleted.
  actor_name text not null default '',
  action text not null,
  summary text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_newest on audit_log (created_at desc, id desc);
