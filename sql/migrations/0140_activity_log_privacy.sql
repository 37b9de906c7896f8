-- Issue 25, point 10 (DSGVO): the activity log forgets a deleted person's name and keeps its
-- lines only for a set number of months.

-- How long a line of the activity log is kept, in months (a school setting, default 24).
alter table school_settings
  add column audit_retention_months integer not null default 24
    check (audit_retention_months between 1 and 120);

-- When a person is deleted, every line that names them gets the pseudonym "Gelöschte Person #id"
-- instead of the name (the line itself stays: what happened still matters to the school). A
-- trigger rather than code in the routes, so that every way of deleting a user (one, all
-- students, the seed script) does it, in the deleting transaction. The name is matched as the
-- app writes it (first and last name, else the username); a namesake's lines are replaced too,
-- which errs on the side of privacy (docs/operations.md, "Datenschutz").
create function audit_log_pseudonymise() returns trigger language plpgsql as $$
declare
  full_name text := coalesce(nullif(trim(old.first_name || ' ' || old.last_name), ''), old.username);
  pseudonym text := 'Gelöschte Person #' || old.id;
begin
  update audit_log set actor_name = pseudonym where actor_id = old.id;
  if length(full_name) >= 2 then
    update audit_log set summary = replace(summary, full_name, pseudonym)
     where strpos(summary, full_name) > 0;
  end if;
  return old;
end
$$;

create trigger users_pseudonymise_audit_log before delete on users
  for each row execute function audit_log_pseudonymise();
