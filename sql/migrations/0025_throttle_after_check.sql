-- Login throttling books a failure only after the password was checked: an attempt in flight is a
-- pending row (it holds a place under the limit, so parallel attempts cannot all go on to hash),
-- confirmed on a wrong password and deleted on a right one. A pending row whose attempt died
-- (a crash mid-check) stops counting after a minute.
alter table login_failures add column pending boolean not null default false;

-- Per-address request counts of the public questionnaire, kept here so that every API process
-- counts against one limit (a fixed window per key).
create table request_counts (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
