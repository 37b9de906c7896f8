-- Issue 23: Web Push as a second channel beside e-mail, on the same outbox (migration 0050).

-- The school's VAPID key pair (RFC 8292), made at the first start by whichever process needs it
-- first (API or delivery worker) and kept here: not in the repository, not a setting anyone has
-- to make. One row; both keys base64url, the private one as the raw 32-byte scalar.
create table push_vapid_keys (
  id integer primary key default 1 check (id = 1),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- One row per device a person allowed notifications on: the push service's endpoint and the
-- browser's keys (RFC 8291). An endpoint belongs to one person: signing in as another on the
-- same device hands it over.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_agent text not null default '',
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- A push message is one outbox row per device: a device that is down is tried again without
-- repeating the message on the others. A removed device leaves its rows without subscription;
-- the worker lets them expire.
alter table notification_outbox drop constraint notification_outbox_channel_check;
alter table notification_outbox add constraint notification_outbox_channel_check
  check (channel in ('email', 'push'));
alter table notification_outbox
  add column push_subscription_id bigint references push_subscriptions (id) on delete set null;

-- Per person and event: whether they want a push message. On by default: allowing them on a
-- device is already the person's own choice.
alter table notification_preferences
  add column push_plan_published boolean not null default true,
  add column push_lesson_changed boolean not null default true,
  add column push_reminder boolean not null default true;
