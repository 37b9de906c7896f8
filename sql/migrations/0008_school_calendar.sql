-- Issue 11: the school's state (its public holidays are never planned) and its school holidays
-- (Ferien), during which a student's school timetable does not apply.
create table school_settings (
  id integer primary key default 1 check (id = 1),
  -- feiertagejs state code; NW = Nordrhein-Westfalen (the school is in Dortmund).
  federal_state text not null default 'NW' check (federal_state in
    ('BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH')),
  updated_at timestamptz not null default now()
);
insert into school_settings (id, federal_state) values (1, 'NW');

create table school_holidays (
  id bigint generated always as identity primary key,
  name text not null,
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  created_at timestamptz not null default now()
);
create index school_holidays_dates on school_holidays (start_date, end_date);

-- Prefill: the Ferien of Nordrhein-Westfalen for the current and the next school year (school
-- years start on 1 August), the same rows as common/school_calendar/ferien_data.ts.
insert into school_holidays (name, start_date, end_date)
select name, start_date, end_date
  from (values
    ('Herbstferien', date '2025-10-13', date '2025-10-25'),
    ('Weihnachtsferien', date '2025-12-22', date '2026-01-06'),
    ('Osterferien', date '2026-03-30', date '2026-04-11'),
    ('Pfingstferien', date '2026-05-26', date '2026-05-26'),
    ('Sommerferien', date '2026-07-20', date '2026-09-01'),
    ('Herbstferien', date '2026-10-17', date '2026-10-31'),
    ('Weihnachtsferien', date '2026-12-23', date '2027-01-06'),
    ('Osterferien', date '2027-03-22', date '2027-04-03'),
    ('Pfingstferien', date '2027-05-18', date '2027-05-18'),
    ('Sommerferien', date '2027-07-19', date '2027-08-31'),
    ('Herbstferien', date '2027-10-23', date '2027-11-06'),
    ('Weihnachtsferien', date '2027-12-24', date '2028-01-08'),
    ('Osterferien', date '2028-04-10', date '2028-04-22'),
    ('Sommerferien', date '2028-07-10', date '2028-08-22')
  ) as f (name, start_date, end_date),
  (select make_date(extract(year from d)::int - (extract(month from d) < 8)::int, 8, 1) as from_day
     from (select (now() at time zone 'Europe/Berlin')::date as d) today) school_year
 where end_date >= school_year.from_day
   and start_date < (school_year.from_day + interval '2 years')::date
 order by start_date;
