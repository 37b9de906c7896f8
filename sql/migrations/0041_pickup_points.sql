-- Issue 22: the school's list of pickup points (Treffpunkte), edited by the office, instead of
-- four names in the code. The spec's four places are the default list. Students keep the name
-- (student_profiles.start_location); a rename carries over to them in the same transaction.
create table pickup_points (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 50 and name = btrim(name)),
  address text not null default '' check (length(address) <= 200),
  position integer not null default 0
);
create unique index pickup_points_name_unique on pickup_points (lower(name));

insert into pickup_points (name, position)
values ('Kley', 1), ('Lüdo Bus Bhf.', 2), ('Barop', 3), ('Eichlinghofen', 4);
