-- Issue 23: a reminder names the lesson and the start it reminds of. A reminder queued before the
-- office moved, cancelled or deleted its lesson is then not sent (notify/outbox.ts, claimNext):
-- it would tell a time that no longer holds. The moved lesson gets its own reminder for the new
-- time (its dedupe_key names the start). No foreign key on purpose: a deleted lesson leaves its
-- reminder behind, to be dropped by the same check, and the rows go with the 90-day cleanup.
alter table notification_outbox
  add column appointment_id bigint,
  add column lesson_starts_at timestamptz;
