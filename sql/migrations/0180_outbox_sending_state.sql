-- Issue 23: no silent second e-mail after a crash of the delivery worker (decision 0019).

-- A claimed row is 'sending' from its claim (committed before the mail server is called) until
-- the try's outcome is written. A row found in 'sending' after its lease ran out belongs to a
-- worker that died in between: the server may or may not have taken the message, so the next
-- worker sends it again with the same Message-ID and counts that in uncertain_resends.
alter table notification_outbox drop constraint notification_outbox_status_check;
alter table notification_outbox add constraint notification_outbox_status_check
  check (status in ('waiting', 'sending', 'sent', 'failed', 'expired'));
alter table notification_outbox
  -- One id per try: only the try that claimed the row may write its outcome.
  add column attempt_id uuid,
  add column claimed_at timestamptz,
  -- Fixed at the first claim and sent with every try, whatever the configuration says later.
  add column message_id text,
  add column uncertain_resends integer not null default 0;

drop index notification_outbox_due;
create index notification_outbox_due on notification_outbox (next_attempt_at, id)
  where status in ('waiting', 'sending');

-- This installation's random token, part of every Message-ID: two schools (or a test and a live
-- installation) sending from the same domain never make the same id, so a mail program that drops
-- repeats by Message-ID drops only true repeats. Kept in backups like everything else.
create table installation (
  id integer primary key default 1 check (id = 1),
  token text not null,
  created_at timestamptz not null default now()
);
insert into installation (token) values (replace(gen_random_uuid()::text, '-', ''));
