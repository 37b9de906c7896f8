-- Student questionnaires (spec 01 §3/§4, spec 02): an admin creates a personal link, the
-- prospective student fills it in without an account, the admin approves it into a student.
--   pending    link created, not yet filled in (expired once expires_at has passed)
--   submitted  filled in; answers hold the form, editable by the admin
--   approved   a student account was created from the answers (student_id)
-- The token is kept in full because the admin list answers the link again (it grants access to
-- this one form only, never to an account); 32 random bytes, base64url.
create table questionnaires (
  id bigint generated always as identity primary key,
  token text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  status text not null default 'pending' check (status in ('pending', 'submitted', 'approved')),
  answers jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  submitted_at timestamptz,
  approved_at timestamptz,
  student_id bigint references users (id) on delete set null
);
create unique index questionnaires_token on questionnaires (token);
create index questionnaires_created on questionnaires (created_at desc);
