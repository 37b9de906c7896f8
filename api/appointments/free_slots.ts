/**
 * The next free slots for one student (issue 25, point 5): instructor, vehicle and time that the
 * planner's hard rules allow. Nothing is written again here: a person's day is read by the
 * conflict check's own loaders and judged by `unavailableBecause` (the availability model), the
 * limits come from the rule files (495 minutes, one lesson per student and day, daylight and
 * dusk) and the school's settings (lessons per instructor and day and week), and every slot offered has passed `findConflicts`, the check the booking itself runs,
 * so booking an offered slot succeeds without "Trotzdem speichern".
 *
 * Deterministic: days in order, starts in 15-minute steps, instructors by the student's preferred
 * one first, then by name and id; the search stops after a fixed number of days, never a time.
 */
import type { Db } from "../../db/connection.ts";
import type {
  FreeSlot,
  FreeSlotChoice,
  FreeSlotsAnswer,
} from "../../common/contract/free_slots.ts";
import type { freeSlotsQuerySchema } from "../../common/contract/free_slots.ts";
import type { z } from "zod";
import { addDays, formatMinutes, isoWeekday, mondayOf, schoolDay } from "../../common/time.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { readStoredSettings } from "../../common/contract/planner_settings.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { closedDays } from "../../db/school_calendar.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { invalid } from "../lib/errors.ts";
import { sunTimes } from "../../common/sun.ts";
import {
  defaultLessonMinutes,
  MAX_DRIVING_MINUTES_PER_DAY,
  studentDayCapacity,
} from "../../common/driving_limits.ts";
import {
  findConflicts,
  instructorDay,
  type Parties,
  studentDay,
  type Transmission,
  unavailableBecause,
} from "./conflicts.ts";

type Query = z.output<typeof freeSlotsQuerySchema>;

/** Days searched ahead: six weeks, long enough for a busy school, short enough to answer fast. */
export const SEARCH_DAYS = 42;
/** Starts are offered every quarter hour, as the time field takes them. */
const STEP_MINUTES = 15;
/** The planner's one lesson per student and day (solver/worker/settings_map.ts). */
const STUDENT_LESSONS_PER_DAY = 1;

interface Booked {
  student_id: number;
  instructor_id: number;
  vehicle_id: number | null;
  start: number;
  end: number;
}

interface Instructor {
  id: number;
  name: string;
  transmission_types: string[];
}

interface Vehicle {
  id: number;
  name: string;
  transmission: Transmission;
  is_active: boolean;
}

const overlaps = (b: { start: number; end: number }, from: number, to: number) =>
  b.start < to && from < b.end;

/** Everything about the student the search needs; a wrong id is the office's input error. */
async function loadStudent(db: Db, id: number) {
  const [row] = await db<
    {
      id: number;
      name: string;
      license_class: string;
      manual: number;
      automatic: number;
      preferred: number | null;
    }[]
  >`
    select u.id::int, ${fullNameSql(db, "u")} as name, p.license_class,
           greatest(p.required_manual_hours - p.completed_manual_hours, 0)::int as manual,
           greatest(p.required_automatic_hours - p.completed_automatic_hours, 0)::int as automatic,
           p.preferred_instructor_id::int as preferred
      from users u join student_profiles p on p.user_id = u.id
     where u.id = ${id} and u.role = 'student' and u.is_active
  `;
  if (!row) throw invalid("Der gewählte Fahrschüler wurde nicht gefunden.");
  return row;
}

/** The transmission the student drives in: B78 automatic, else manual unless only automatic. */
function studentTransmission(s: { license_class: string; manual: number; automatic: number }) {
  if (s.license_class === "B78") return "automatic";
  return s.manual === 0 && s.automatic > 0 ? "automatic" : "manual";
}

/** The lesson's length: the office's, else the school's lesson or special-drive length. */
function lengthOf(query: Query, settings: ReturnType<typeof readStoredSettings>): number {
  return query.minutes ?? defaultLessonMinutes(query.kind, settings.training);
}

/**
 * The moved lesson's own place (day and start), never offered as free for it: "move it to where
 * it is" is no move. Another instructor at the same time is changed in the form, not here.
 */
async function ownPlace(db: Db, id: number | undefined) {
  if (!id) return null;
  const [row] = await db<{ date: string; start: string }[]>`
    select to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
           to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as start
      from appointments where id = ${id}
  `;
  return row ?? null;
}

async function bookedOn(db: Db, date: string, leaveOut: number): Promise<Booked[]> {
  return await db<Booked[]>`
    select student_id::int, instructor_id::int, vehicle_id::int,
           (extract(epoch from (starts_at at time zone ${SCHOOL_TIME_ZONE}) - ${date}::timestamp)
             / 60)::int as start,
           (extract(epoch from (ends_at at time zone ${SCHOOL_TIME_ZONE}) - ${date}::timestamp)
             / 60)::int as end
      from appointments
     where status <> 'cancelled' and id <> ${leaveOut}
       and starts_at < (${addDays(date, 1)}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}
       and ends_at > (${date}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}
  `;
}

/** Lessons per instructor in the week from `monday` (the planner's "Max. Termine pro Woche"). */
async function weekCounts(db: Db, monday: string, leaveOut: number): Promise<Map<number, number>> {
  const rows = await db<{ instructor_id: number; n: number }[]>`
    select instructor_id::int, count(*)::int as n from appointments
     where status <> 'cancelled' and id <> ${leaveOut}
       and starts_at >= (${monday}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}
       and starts_at < (${addDays(monday, 7)}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}
     group by instructor_id
  `;
  return new Map(rows.map((r) => [r.instructor_id, r.n]));
}

/** Minutes after midnight now, in the school's time zone (today's past starts are not offered). */
async function nowMinutes(db: Db): Promise<number> {
  const [{ m }] = await db<{ m: number }[]>`
    select (extract(hour from now() at time zone ${SCHOOL_TIME_ZONE}) * 60
            + extract(minute from now() at time zone ${SCHOOL_TIME_ZONE}))::int as m
  `;
  return m;
}

/** The first `query.limit` free start times from `query.from` on, in time order. */
export async function freeSlots(db: Db, query: Query): Promise<FreeSlotsAnswer> {
  const student = await loadStudent(db, query.student);
  const [settingsRow] = await db`select settings from planner_settings where id = 1`;
  const settings = readStoredSettings(settingsRow?.settings);
  const minutes = lengthOf(query, settings);
  const transmission: Transmission = query.transmission ?? studentTransmission(student);
  const today = schoolDay();
  const first = query.from && query.from > today ? query.from : today;
  const last = addDays(first, SEARCH_DAYS - 1);
  const planned = await readPlannedWeekdays(db);
  const closed = new Set((await closedDays(db, first, last)).map((c) => c.date));
  const hard = settings.hard;
  const maxPerDay = hard.maxHoursPerDay.enabled ? hard.maxHoursPerDay.value : Infinity;
  const maxPerWeek = hard.maxAppointmentsPerWeek.enabled
    ? hard.maxAppointmentsPerWeek.value
    : Infinity;
  const weeks = new Map<string, Map<number, number>>();
  const instructors = await db<Instructor[]>`
    select u.id::int, ${fullNameSql(db, "u")} as name, p.transmission_types
      from users u join instructor_profiles p on p.user_id = u.id
     where u.role = 'instructor' and u.is_active and ${transmission} = any(p.transmission_types)
     order by (u.id = ${student.preferred ?? 0}) desc, lower(${fullNameSql(db, "u")}), u.id
  `;
  const vehicles = await db<Vehicle[]>`
    select id::int, name, transmission, is_active from vehicles
     where is_active and transmission = ${transmission} order by upper(name), id
  `;
  const needsVehicle = hard.vehicleAssignment.enabled && vehicles.length > 0;
  const own = await ownPlace(db, query.appointment);
  const out: FreeSlot[] = [];
  for (let date = first; date <= last && out.length < query.limit; date = addDays(date, 1)) {
    if (!planned.includes(isoWeekday(date)) || closed.has(date)) continue;
    const booked = await bookedOn(db, date, query.appointment ?? 0);
    const students = booked.filter((b) => b.student_id === student.id);
    if (studentDayCapacity(STUDENT_LESSONS_PER_DAY, students.length) === 0) continue;
    const sDay = await studentDay(db, student.id, date);
    const sun = sunTimes(date, settings.training.location);
    const earliest = date === today ? await nowMinutes(db) + 1 : 0;
    const monday = mondayOf(date);
    if (!weeks.has(monday)) weeks.set(monday, await weekCounts(db, monday, query.appointment ?? 0));
    const inWeek = weeks.get(monday)!;
    const candidates: Candidate[] = [];
    for (const [rank, instructor] of instructors.entries()) {
      const theirs = booked.filter((b) => b.instructor_id === instructor.id);
      const driven = theirs.reduce((sum, b) => sum + b.end - b.start, 0);
      if (theirs.length >= maxPerDay || driven + minutes > MAX_DRIVING_MINUTES_PER_DAY) continue;
      if ((inWeek.get(instructor.id) ?? 0) >= maxPerWeek) continue;
      const iDay = await instructorDay(db, instructor.id, date);
      let from = Math.ceil(earliest / STEP_MINUTES) * STEP_MINUTES;
      for (; from + minutes <= 24 * 60; from += STEP_MINUTES) {
        const to = from + minutes;
        if (query.kind === "night" && from < sun.dusk) continue;
        if ((query.kind === "overland" || query.kind === "highway") && to > sun.sunset) continue;
        if ([...theirs, ...students].some((b) => overlaps(b, from, to))) continue;
        if (unavailableBecause(iDay, date, from, to) || unavailableBecause(sDay, date, from, to)) {
          continue;
        }
        const vehicle = vehicles.find((v) =>
          !booked.some((b) => b.vehicle_id === v.id && overlaps(b, from, to))
        );
        if (needsVehicle && !vehicle) continue;
        candidates.push({
          date,
          start_time: formatMinutes(from),
          end_time: formatMinutes(to),
          duration_minutes: minutes,
          transmission,
          instructor_id: instructor.id,
          instructor_name: instructor.name,
          vehicle_id: vehicle?.id ?? null,
          vehicle_name: vehicle?.name ?? null,
          others: [],
          start: from,
          rank,
        });
        // The next offer with this instructor starts after this one: a list of 08:00, 08:15,
        // 08:30 with the same person would show one choice ten times.
        from = to - STEP_MINUTES;
      }
    }
    candidates.sort((a, b) => a.start - b.start || a.rank - b.rank);
    for (const atTime of byStart(candidates)) {
      if (out.length >= query.limit) break;
      if (own && own.date === date && own.start === atTime[0].start_time) continue;
      const free: FreeSlot[] = [];
      for (const { start: _start, rank: _rank, ...slot } of atTime) {
        if (free.length > MAX_OTHER_CHOICES) break;
        if (await bookable(db, student, instructors, vehicles, slot, query.appointment)) {
          free.push(slot);
        }
      }
      if (free.length === 0) continue;
      const [best, ...others] = free;
      out.push({ ...best, others: others.map(choiceOf) });
    }
  }
  return { slots: out, searched_from: first, searched_until: last };
}

type Candidate = FreeSlot & { start: number; rank: number };

/**
 * At most this many other instructors are offered beside a time's best one: each is checked as a
 * booking is (a few queries), and a school of 100 instructors would otherwise check 100 per time
 * and show a wall of names.
 */
const MAX_OTHER_CHOICES = 4;

/**
 * The candidates (sorted by start) in runs of one start time: a time is offered once, with its
 * best instructor first and the others as choices (eight lines of "Di 29.12. 13:30", one per
 * instructor, hid the next different times).
 */
function* byStart(candidates: Candidate[]): Generator<Candidate[]> {
  for (let i = 0; i < candidates.length;) {
    let j = i + 1;
    while (j < candidates.length && candidates[j].start === candidates[i].start) j++;
    yield candidates.slice(i, j);
    i = j;
  }
}

const choiceOf = (slot: FreeSlot): FreeSlotChoice => ({
  instructor_id: slot.instructor_id,
  instructor_name: slot.instructor_name,
  vehicle_id: slot.vehicle_id,
  vehicle_name: slot.vehicle_name,
});

/** The booking's own check: an offer it would refuse (or ask about) is never shown. */
async function bookable(
  db: Db,
  student: { id: number; name: string },
  instructors: Instructor[],
  vehicles: Vehicle[],
  slot: FreeSlot,
  appointmentId: number | undefined,
): Promise<boolean> {
  const parties: Parties = {
    student,
    instructor: instructors.find((i) => i.id === slot.instructor_id)!,
    vehicle: vehicles.find((v) => v.id === slot.vehicle_id) ?? null,
  };
  const conflicts = await findConflicts(db, parties, {
    appointmentId,
    transmission: slot.transmission,
    date: slot.date,
    start: slot.start_time,
    minutes: slot.duration_minutes,
  });
  return conflicts.length === 0;
}
