-- The CSRF token of a signed-in browser is stored with its session: a token from another session
-- (or a cookie an attacker managed to set) no longer passes. Sessions already open get one here.
alter table sessions add column csrf_token text not null default '';
update sessions
   set csrf_token = md5(token_hash || random()::text) || md5(random()::text || clock_timestamp()::text);
-- The periodic clean-up deletes by age.
create index sessions_last_seen on sessions (last_seen_at);
create index sessions_created on sessions (created_at);

-- A change of role, password or active flag ends every session of that user (rotation on
-- privilege change), whichever code makes the change.
create function end_sessions_on_privilege_change() returns trigger language plpgsql as $$
begin
  if new.role is distinct from old.role
     or new.password_hash is distinct from old.password_hash
     or new.is_active is distinct from old.is_active then
    delete from sessions where user_id = new.id;
  end if;
  return new;
end $$;
create trigger users_privilege_change after update on users
  for each row execute function end_sessions_on_privilege_change();
