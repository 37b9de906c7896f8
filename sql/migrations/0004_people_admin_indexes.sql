-- Indexes for the Verwaltung lists (GET /api/admin/users/, /availabilities/, /vehicles/).
-- The name search matches anywhere in a name (contains), which no btree can serve and pg_trgm is
-- not available in the embedded PGlite; with a few thousand users a scan of one role is cheap
-- (tests/bench/users_bench.ts measures it). What must stay fast are the per-row figures, which
-- look up appointments per person and time range: these indexes serve exactly those look-ups.
create index appointments_student_active on appointments (student_id, starts_at)
  where status <> 'cancelled';
create index appointments_instructor_active on appointments (instructor_id, starts_at)
  where status <> 'cancelled';
create index appointments_vehicle_active on appointments (vehicle_id)
  where status <> 'cancelled' and vehicle_id is not null;

-- Role filter plus the default sort (username ascending) read in index order.
create index users_role_username on users (role, lower(username));


-- The search matches one lower-cased text per user instead of lower-casing five columns per row
-- and query. chr(31) (unit separator) between the parts: a search cannot match across two
-- fields by accident.
alter table users add column search_text text generated always as (
  lower(first_name || ' ' || last_name || chr(31) || username || chr(31) || email)
) stored;

-- The displayed name (first and last name, else the username), lower-cased for sorting.
alter table users add column name_sort text generated always as (
  lower(coalesce(nullif(trim(first_name || ' ' || last_name), ''), username))
) stored;
create index users_role_name_sort on users (role, name_sort);
