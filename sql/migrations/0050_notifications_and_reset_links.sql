-- Issue 23: people are told about their lessons by e-mail. Every message is first a row here,
-- written in the transaction of the change that causes it (a published plan, a lesson moved,
-- cancelled or added by the office, a reminder, a password reset link): a change that commits
-- has its message, a change rolled back has none. The delivery worker (notify/main.ts) sends them.
create table notification_outbox (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete cascade,
  channel text not null default 'email' check (channel in ('email')),
  event text not null
    check (event in ('plan_published', 'lesson_changed', 'reminder', 'password_reset')),
  -- The address at the time of the change: a failed one is what the office is shown.
  address text not null,
  subject text not null,
  body text not null,
  -- Exactly once per event: a reminder is keyed by its lesson and start time, so the worker may
  -- try to queue it again (after a crash, from two workers) without a second row.
  dedupe_key text unique,
  status text not null default 'waiting'
    check (status in ('waiting', 'sent', 'failed', 'expired')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A worker that claims a row owns it until lease_until; a worker that died while sending loses
  -- it then, and the next worker sends it again.
  lease_until timestamptz,
  leased_by text,
  last_error text,
  -- A message that is pointless after this moment (a reminder once its lesson has begun).
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_outbox_due on notification_outbox (next_attempt_at, id)
  where status = 'waiting';
create index notification_outbox_failed on notification_outbox (created_at desc)
  where status = 'failed';

-- Per person and event: whether they want an e-mail. No row: everything on.
create table notification_preferences (
  user_id bigint primary key references users (id) on delete cascade,
  plan_published boolean not null default true,
  lesson_changed boolean not null default true,
  reminder boolean not null default true,
  updated_at timestamptz not null default now()
);

-- How many hours before a lesson its reminder goes out (a school setting, default 24).
alter table school_settings
  add column reminder_hours integer not null default 24 check (reminder_hours between 1 and 168);

-- "Passwort vergessen?": a reset link's token, kept only as its SHA-256 hash, single use, 1 hour.
create table password_reset_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user on password_reset_tokens (user_id);
