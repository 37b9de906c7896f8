-- Issue 24: a person's detail carries the version it was loaded at, and a save over a newer one
-- is refused (409) instead of silently undoing another admin's change.
alter table users add column version integer not null default 1;
