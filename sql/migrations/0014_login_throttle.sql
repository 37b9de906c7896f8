-- Failed logins are counted per key: 'user:<id>' (username and e-mail of one account are one
-- key), 'name:<lower login>' for unknown names, 'device:<hash>' for a browser that signed in to
-- the account before, and 'addr:<client address>'.
alter table login_failures rename column username to throttle_key;

-- Browsers that signed in to an account before (only the SHA-256 of the cookie is kept): their
-- failures count apart, so strangers who lock an account do not lock its owner out.
create table trusted_devices (
  token_hash text not null,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (token_hash, user_id)
);
