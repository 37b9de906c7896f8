-- Issue 25, first steps: "Regeln prüfen" is done once the office has looked at the rules screen,
-- not only after a save (the admin tour shows the rules and asks no save). One row for the school.
create table rules_reviewed (
  id integer primary key default 1 check (id = 1),
  reviewed_at timestamptz not null default now()
);
