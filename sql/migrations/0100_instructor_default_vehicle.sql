-- Issue 22: an instructor may have a default vehicle (Stammfahrzeug); the planner names it first
-- when it gives the instructor a car for the day. A deleted vehicle leaves no default.
alter table instructor_profiles
  add column default_vehicle_id bigint references vehicles (id) on delete set null;
