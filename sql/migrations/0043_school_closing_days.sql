-- Issue 25, point 2: days the school itself closes (24.12., 31.12., bridge days, a company
-- outing), single days or ranges, whole days or from a time on (from_time; null = the whole day).
-- The planner never plans on them; a manual booking on one asks first, like a public holiday.
create table school_closing_days (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 80),
  start_date date not null,
  end_date date not null,
  from_time time,
  created_at timestamptz not null default now(),
  constraint school_closing_days_range check (end_date >= start_date
                                              and end_date - start_date <= 366)
);
create index school_closing_days_dates on school_closing_days (start_date, end_date);
