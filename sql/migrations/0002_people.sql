create table instructor_profiles (
  user_id bigint primary key references users (id) on delete cascade,
  transmission_types text[] not null default '{}'
    check (transmission_types <@ array['automatic', 'manual']::text[]),
  monthly_hours_target integer not null default 0 check (monthly_hours_target >= 0)
);

create table student_profiles (
  user_id bigint primary key references users (id) on delete cascade,
  license_class text not null check (license_class in ('B', 'B78', 'B197')),
  required_automatic_hours integer not null default 0 check (required_automatic_hours >= 0),
  required_manual_hours integer not null default 0 check (required_manual_hours >= 0),
  completed_automatic_hours integer not null default 0 check (completed_automatic_hours >= 0),
  completed_manual_hours integer not null default 0 check (completed_manual_hours >= 0),
  school_name text not null default '',
  start_location text not null default '',
  notes text not null default '',
  available_in_holidays boolean not null default true,
  preferred_instructor_id bigint references users (id) on delete set null
);

-- Weekly rows of every kind:
--   available   one-hour slot of the self-service grid (instructor or student)
--   work        instructor working time
--   break       instructor daily break (day_of_week null: every work day)
--   unavailable instructor recurring block, valid_from/valid_until inclusive, null = open
--   school, arrival, free_period   student school schedule (period = 1..3 for free periods)
--   preferred   student preferred window (inside the available ones)
create table availabilities (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  availability_type text not null check (availability_type in
    ('available', 'work', 'break', 'unavailable', 'school', 'arrival', 'free_period', 'preferred')),
  day_of_week smallint check (day_of_week between 1 and 7),
  start_time time not null,
  end_time time not null,
  period smallint,
  valid_from date,
  valid_until date,
  description text not null default '',
  check (end_time > start_time or availability_type = 'arrival')
);
create index availabilities_user on availabilities (user_id, availability_type);

-- Whole-day ranges: instructor vacations and student vacation periods.
create table vacation_periods (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  description text not null default ''
);
create index vacation_periods_user on vacation_periods (user_id);

-- Instructor theory lessons: one-off blocks of driving time.
create table theory_sessions (
  id bigint generated always as identity primary key,
  instructor_id bigint not null references users (id) on delete cascade,
  date date not null,
  start_time time not null,
  end_time time not null check (end_time > start_time)
);
create index theory_sessions_instructor on theory_sessions (instructor_id);

-- Self-service absences: a full day (is_unavailable) or a part of a day.
create table special_dates (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  date date not null,
  is_unavailable boolean not null default true,
  start_time time,
  end_time time,
  description text not null default '',
  check (is_unavailable or (start_time is not null and end_time is not null and end_time > start_time))
);
create index special_dates_user on special_dates (user_id, date);

create table vehicles (
  id bigint generated always as identity primary key,
  name text not null,
  transmission text not null default 'manual' check (transmission in ('manual', 'automatic')),
  is_active boolean not null default true
);
create unique index vehicles_name_unique on vehicles (upper(name));

-- A replayed offline write (same Idempotency-Key) gets the first answer again and changes nothing.
create table idempotency_keys (
  user_id bigint not null references users (id) on delete cascade,
  key text not null,
  request_path text not null,
  status integer not null,
  body jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
