-- Users of all three roles; is_staff in the API is role = 'admin'.
create table users (
  id bigint generated always as identity primary key,
  username text not null,
  email text not null default '',
  first_name text not null default '',
  last_name text not null default '',
  phone text not null default '',
  role text not null check (role in ('admin', 'instructor', 'student')),
  password_hash text not null,
  is_active boolean not null default true,
  date_joined timestamptz not null default now(),
  -- Versions of the self-service data, answered as ETag so offline writes can detect staleness.
  availability_version integer not null default 0,
  special_dates_version integer not null default 0
);
create unique index users_username_unique on users (lower(username));
create unique index users_email_unique on users (lower(email)) where email <> '';

-- Only the SHA-256 of the session token is stored: a leaked table does not log anyone in.
create table sessions (
  token_hash text primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

-- Failed logins per lower-cased username, for the 10-in-15-minutes lockout.
create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_username on login_failures (username, failed_at);
