create extension if not exists btree_gist;

create table planner_jobs (
  id bigint generated always as identity primary key,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'completed', 'failed', 'cancelled')),
  progress_percent integer not null default 0,
  current_step text not null default '',
  total_variables integer not null default 0,
  processed_variables integer not null default 0,
  activity_log jsonb not null default '[]',
  error_message text,
  cancel_requested boolean not null default false,
  worker_id text,
  heartbeat_at timestamptz,
  attempts integer not null default 0,
  -- Figures of the finished run (appointments_created, coverage_percent, ...), as the progress call answers them.
  result jsonb not null default '{}',
  -- Set by reset-planner-progress: a finished job is no longer shown on the dashboard.
  dismissed boolean not null default false,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- At most one job waits or runs at a time; a second start fails on this index (answered 409).
create unique index planner_jobs_one_active on planner_jobs ((true))
  where status in ('queued', 'running');

create table appointments (
  id bigint generated always as identity primary key,
  student_id bigint not null references users (id) on delete cascade,
  instructor_id bigint not null references users (id) on delete cascade,
  vehicle_id bigint references vehicles (id) on delete set null,
  transmission text not null check (transmission in ('manual', 'automatic')),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  status text not null default 'confirmed' check (status in ('confirmed', 'pending', 'cancelled')),
  appointment_type text not null default 'driving_lesson',
  title text not null default '',
  planner_job_id bigint references planner_jobs (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The database itself refuses double bookings, even if the planner erred.
  exclude using gist (instructor_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled'),
  exclude using gist (student_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled'),
  exclude using gist (vehicle_id with =, tstzrange(starts_at, ends_at) with &&)
    where (status <> 'cancelled' and vehicle_id is not null)
);
create index appointments_starts_at on appointments (starts_at);

-- The constraint settings page, saved on the server; one row.
create table planner_settings (
  id integer primary key default 1 check (id = 1),
  settings jsonb not null,
  updated_at timestamptz not null default now()
);
