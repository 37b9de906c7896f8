/**
 * The checks every manual change of an appointment passes (issue 11): double booking of
 * instructor, student and vehicle; qualification (the instructor teaches the transmission, the
 * vehicle has it and is active); and availability (weekly windows, breaks, recurring blocks,
 * theory sessions, vacations and absences), read exactly as the planner reads them, but for an
 * instructor with no working hours entered at all, whose lessons it does not call "außerhalb der
 * Arbeitszeit" (docs/decisions/0021-instructors-without-working-hours.md).
 */
import type { Db } from "../../db/connection.ts";
import { germanDate, transmissionLabel } from "../../common/german_words.ts";
import { appointmentTypeLabel } from "../../common/german_words.ts";
import { formatMinutes, isoWeekday, minutesOf, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import {
  type AvailabilityRow,
  instructorWeek,
  isAbsent,
  studentWeek,
  type WeeklyBlock,
  type WeeklyWindow,
  workHoursEntered,
} from "../../common/availability_model.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { closedDays, ferienRanges } from "../../db/school_calendar.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";

export type Transmission = "manual" | "automatic";

/** Who and what an appointment brings together, as loaded for the check. */
export interface Parties {
  student: { id: number; name: string };
  instructor: { id: number; name: string; transmission_types: string[] };
  vehicle: { id: number; name: string; transmission: Transmission; is_active: boolean } | null;
}

/** Where and when the appointment is to be; `appointmentId` is left out of the collisions. */
export interface Slot {
  appointmentId?: number;
  transmission: Transmission;
  /** the school's calendar day and wall-clock start 'HH:MM'; the appointment ends that day */
  date: string;
  start: string;
  minutes: number;
}

/**
 * double_booking and qualification always hold; availability (outside the weekly windows, in a
 * break, block or absence) the admin may override with 'Trotzdem speichern'.
 */
export type ConflictKind = "double_booking" | "qualification" | "availability";

export interface Conflict {
  kind: ConflictKind;
  /**
   * a German sentence naming what collides; people by name alone ("Lena Becker hat am …"): the
   * school stores no gender, and "Fahrschüler"/"Fahrlehrer" before a woman's name reads wrong
   */
  message: string;
}

/** Every conflict of the slot, double bookings first; [] when the change may be saved. */
export async function findConflicts(db: Db, parties: Parties, slot: Slot): Promise<Conflict[]> {
  return [
    ...await doubleBookings(db, parties, slot),
    ...qualificationProblems(parties, slot.transmission),
    ...await availabilityProblems(db, parties, slot),
  ];
}

/** Appointments that are not cancelled and overlap the slot for the same person or vehicle. */
async function doubleBookings(db: Db, parties: Parties, slot: Slot): Promise<Conflict[]> {
  const { student, instructor, vehicle } = parties;
  const rows = await db<
    {
      student_id: number;
      instructor_id: number;
      vehicle_id: number | null;
      student_name: string;
      instructor_name: string;
      vehicle_name: string | null;
      appointment_type: string;
      date: string;
      time: string;
    }[]
  >`
    with wanted as (
      select (${slot.date}::date + ${slot.start}::time) at time zone ${SCHOOL_TIME_ZONE} as starts_at
    )
    select a.student_id::int, a.instructor_id::int, a.vehicle_id::int,
           ${fullNameSql(db, "s")} as student_name, ${fullNameSql(db, "i")} as instructor_name,
           v.name as vehicle_name, a.appointment_type,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as time
      from appointments a
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
      left join vehicles v on v.id = a.vehicle_id, wanted w
     where a.status <> 'cancelled'
       and a.id <> ${slot.appointmentId ?? 0}
       and tstzrange(a.starts_at, a.ends_at)
           && tstzrange(w.starts_at, w.starts_at + make_interval(mins => ${slot.minutes}))
       and (a.instructor_id = ${instructor.id} or a.student_id = ${student.id}
            or a.vehicle_id = ${vehicle?.id ?? 0})
     order by a.starts_at, a.id
  `;
  const out: Conflict[] = [];
  for (const r of rows) {
    const when = `am ${germanDate(r.date)} um ${r.time}`;
    const what = `eine ${appointmentTypeLabel(r.appointment_type)}`;
    if (r.instructor_id === instructor.id) {
      out.push({
        kind: "double_booking",
        message: `${instructor.name} hat ${when} bereits ${what} mit ${r.student_name}.`,
      });
    }
    if (r.student_id === student.id) {
      out.push({
        kind: "double_booking",
        message: `${student.name} hat ${when} bereits ${what} bei ${r.instructor_name}.`,
      });
    }
    if (vehicle && r.vehicle_id === vehicle.id) {
      out.push({
        kind: "double_booking",
        message: `Fahrzeug ${vehicle.name} ist ${when} bereits für ${what} von ` +
          `${r.student_name} mit ${r.instructor_name} eingeplant.`,
      });
    }
  }
  return out;
}

/** The instructor teaches the transmission; the vehicle has it and is in use. */
export function qualificationProblems(parties: Parties, transmission: Transmission): Conflict[] {
  const { instructor, vehicle } = parties;
  const out: Conflict[] = [];
  const lesson = transmissionLabel(transmission);
  if (!instructor.transmission_types.includes(transmission)) {
    out.push({
      kind: "qualification",
      message: `${instructor.name} unterrichtet nicht mit ${lesson}.`,
    });
  }
  if (vehicle && !vehicle.is_active) {
    out.push({
      kind: "qualification",
      message: `Fahrzeug ${vehicle.name} ist nicht aktiv und kann nicht eingeplant werden.`,
    });
  }
  if (vehicle && vehicle.transmission !== transmission) {
    out.push({
      kind: "qualification",
      message: `Fahrzeug ${vehicle.name} hat ${transmissionLabel(vehicle.transmission)}, ` +
        `der Termin ist mit ${lesson}.`,
    });
  }
  return out;
}

/** One person's calendar day as the check needs it. */
export interface PersonDay {
  /** weekly windows in which the person may drive (instructor: work; student: available) */
  windows: WeeklyWindow[];
  /** what a time outside the windows is called for this person */
  outside: string;
  /** false for an instructor with no weekly working hours on any day (decision 0021) */
  hoursEntered: boolean;
  /** every-day breaks (instructors) */
  breaks: { start: string; end: string }[];
  weeklyBlocks: WeeklyBlock[];
  /** whole-day absences: vacations and full-day special dates */
  absences: { from: string; to: string; why: string }[];
  /** parts of the day: partial special dates, theory sessions */
  blocks: { start: string; end: string; why: string }[];
}

/** How unavailableBecause() reads a person without hours. */
export interface ReadingOptions {
  /**
   * true: a person with no hours entered at all may take any time (the windows and every-day
   * breaks are skipped, everything else counts), as the office's overview reads them (decision
   * 0021). false (default): no hours means never, as the planner and the free-slot search read
   * them.
   */
  withoutHoursAnyTime?: boolean;
}

/**
 * Why a person cannot take the time `from`..`to` (minutes) on `date`, or '' when they can:
 * the same rules as solver/rules/availability.ts, to the minute instead of the whole hour.
 */
export function unavailableBecause(
  day: PersonDay,
  date: string,
  from: number,
  to: number,
  options: ReadingOptions = {},
) {
  const absence = day.absences.find((a) => isAbsent([a], date));
  if (absence) return absence.why;
  const weekday = isoWeekday(date);
  const overlaps = (w: { start: string; end: string }) =>
    minutesOf(w.start) < to && from < minutesOf(w.end);
  const block = day.blocks.find(overlaps);
  if (block) return block.why;
  // A break is a gap in working hours: with none entered there is nothing to have a gap in.
  const hoursCount = day.hoursEntered || !options.withoutHoursAnyTime;
  if (hoursCount && day.breaks.some(overlaps)) return "Pause";
  const weekly = day.weeklyBlocks.find((b) =>
    b.day === weekday && (b.validFrom == null || b.validFrom <= date) &&
    (b.validUntil == null || date <= b.validUntil) && overlaps(b)
  );
  if (weekly) return "regelmäßig nicht verfügbar";
  if (hoursCount && !covered(day.windows.filter((w) => w.day === weekday), from, to)) {
    return day.outside;
  }
  return "";
}

/** True when the union of the windows covers every minute from `from` to `to`. */
function covered(windows: { start: string; end: string }[], from: number, to: number): boolean {
  let reached = from;
  const sorted = windows.map((w) => [minutesOf(w.start), minutesOf(w.end)])
    .sort((a, b) => a[0] - b[0]);
  for (const [start, end] of sorted) {
    if (start > reached) break;
    reached = Math.max(reached, end);
    if (reached >= to) return true;
  }
  return reached >= to;
}

async function availabilityProblems(db: Db, parties: Parties, slot: Slot): Promise<Conflict[]> {
  const from = minutesOf(slot.start);
  const to = from + slot.minutes;
  const when = `am ${germanDate(slot.date)} von ${slot.start} bis ${formatMinutes(to)}`;
  const out: Conflict[] = [];
  // A public holiday of the school's state is never planned (issue 11), nor a closing day of the
  // school (issue 25, point 2; one closing from a time only from then on); the admin may override.
  for (const closed of await closedDays(db, slot.date, slot.date)) {
    if (closed.from && to <= minutesOf(closed.from)) continue;
    const day = germanDate(slot.date);
    out.push({
      kind: "availability",
      message: !closed.closing
        ? `Am ${day} ist Feiertag (${closed.name}).`
        : closed.from
        ? `Am ${day} ist die Fahrschule ab ${closed.from} geschlossen (${closed.name}).`
        : `Am ${day} ist die Fahrschule geschlossen (${closed.name}).`,
    });
  }
  // The office books by hand: an instructor who has no hours entered at all is not "außerhalb
  // der Arbeitszeit", as the overview does not mark her lessons (decision 0021).
  const instructorWhy = unavailableBecause(
    await instructorDay(db, parties.instructor.id, slot.date),
    slot.date,
    from,
    to,
    { withoutHoursAnyTime: true },
  );
  if (instructorWhy) {
    out.push({
      kind: "availability",
      message: `${parties.instructor.name} ist ${when} nicht verfügbar ` +
        `(${instructorWhy}).`,
    });
  }
  const studentWhy = unavailableBecause(
    await studentDay(db, parties.student.id, slot.date),
    slot.date,
    from,
    to,
  );
  if (studentWhy) {
    out.push({
      kind: "availability",
      message: `${parties.student.name} ist ${when} nicht verfügbar (${studentWhy}).`,
    });
  }
  return out;
}

async function weeklyRows(db: Db, userId: number, date: string) {
  return await db<AvailabilityRow[]>`
    select availability_type as kind, day_of_week::int as day,
           to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end,
           valid_from::text, valid_until::text, period::int
      from availabilities
     where user_id = ${userId} and (valid_until is null or valid_until >= ${date}::date)
     order by day_of_week, start_time, id
  `;
}

/** Vacations and special dates of one day: whole-day absences and blocks of hours. */
async function absencesOf(db: Db, userId: number, date: string) {
  const vacations = await db<{ kind: string; description: string }[]>`
    select kind, description from vacation_periods
     where user_id = ${userId} and ${date}::date between start_date and end_date
  `;
  const specials = await db<
    { is_unavailable: boolean; start: string | null; end: string | null; description: string }[]
  >`
    select is_unavailable, to_char(start_time, 'HH24:MI') as start,
           to_char(end_time, 'HH24:MI') as end, description
      from special_date_days where user_id = ${userId} and date = ${date}::date
  `;
  const named = (what: string, description: string) =>
    description ? `${what}: ${description}` : what;
  return {
    absences: [
      ...vacations.map((v) => ({
        from: date,
        to: date,
        why: named(v.kind === "sick" ? "krankgemeldet" : "Urlaub", v.description),
      })),
      ...specials.filter((s) => s.is_unavailable)
        .map((s) => ({ from: date, to: date, why: named("abwesend", s.description) })),
    ],
    blocks: specials.filter((s) => !s.is_unavailable && s.start && s.end)
      .map((s) => ({ start: s.start!, end: s.end!, why: named("abwesend", s.description) })),
  };
}

/** An instructor's day as the check reads it (also the free-slot search's, issue 25.5). */
export async function instructorDay(db: Db, userId: number, date: string): Promise<PersonDay> {
  const rows = await weeklyRows(db, userId, date);
  const week = instructorWeek(rows, await readPlannedWeekdays(db));
  const { absences, blocks } = await absencesOf(db, userId, date);
  const theory = await db<{ start: string; end: string }[]>`
    select to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end
      from theory_sessions where instructor_id = ${userId} and date = ${date}::date
  `;
  return {
    windows: week.work,
    outside: "außerhalb der Arbeitszeit",
    hoursEntered: workHoursEntered(rows),
    breaks: week.breaks,
    weeklyBlocks: week.weeklyBlocks,
    absences,
    blocks: [...blocks, ...theory.map((t) => ({ ...t, why: "Theorieunterricht" }))],
  };
}

/** A student who does not drive in the holidays is absent on every day of the school's Ferien. */
async function ferienAbsences(db: Db, userId: number, date: string) {
  const [profile] = await db<{ available_in_holidays: boolean }[]>`
    select available_in_holidays from student_profiles where user_id = ${userId}
  `;
  if (!profile || profile.available_in_holidays) return [];
  return (await ferienRanges(db, date, date)).map((ferien) => ({
    from: date,
    to: date,
    why: `Ferien: ${ferien.name}, keine Fahrstunden in den Ferien`,
  }));
}

/** A student's day as the check reads it (also the free-slot search's, issue 25.5). */
export async function studentDay(db: Db, userId: number, date: string): Promise<PersonDay> {
  const { absences: own, blocks } = await absencesOf(db, userId, date);
  const absences = [...own, ...await ferienAbsences(db, userId, date)];
  return {
    windows: studentWeek(await weeklyRows(db, userId, date), await readPlannedWeekdays(db)),
    outside: "außerhalb der angegebenen Zeiten",
    // A student without hours of her own is derived from her school times; with none of those
    // either she is not planned, and a booking asks (decision 0021 is about instructors only).
    hoursEntered: true,
    breaks: [],
    weeklyBlocks: [],
    absences,
    blocks,
  };
}
