/**
 * Builds a docs/planner-format.md instance (version 2) from the database, exactly as the shared
 * data-model contract says: horizon = 30 days from tomorrow (school calendar), existing
 * confirmed appointments in the horizon fixed (an unpublished draft is not: this run replaces
 * it), settings from planner_settings (the Ausbildung's lesson length and location too), ids I<user id>, S<user id>, V<vehicle id>; per released student
 * the special drives still open (required minus done and planned units, migration 0030) and the
 * exam, and each student's pickup point (Treffpunkt, student_profiles.start_location). Special
 * drives are released by the office's flag or, with training.specialDrivesAfterLessons, after that
 * many done Fahrstunden; the open drives of the others come back as `notReleased`.
 */
import type { Sql } from "../../db/connection.ts";
import { DRAFT_STATUS } from "./plan_draft.ts";
import {
  type PlannerSettings,
  readStoredSettings,
} from "../../common/contract/planner_settings.ts";
import {
  type AvailabilityRow,
  instructorWeek,
  studentIsDerived,
  studentWeek,
} from "../../common/availability_model.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { preferredWithoutEdgeHours, toFormatSettings } from "./settings_map.ts";
import { HORIZON_DAYS } from "../../common/school_rules.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { readHorizonCalendar, studentFerien } from "./school_calendar.ts";

interface DateRange {
  from: string;
  to: string;
}
interface Block {
  date: string;
  start: string;
  end: string;
}

/** What the worker needs besides the instance: names for messages and counts for statistics. */
export interface BuiltInstance {
  instance: Record<string, unknown> & {
    start: string;
    days: number;
    instructors: { id: string }[];
    students: {
      id: string;
      needs: { manual: number; automatic: number };
      special?: { overland: number; highway: number; night: number };
      examAt?: string;
    }[];
    fixed: {
      student: string;
      instructor: string;
      vehicle?: string;
      start: string;
      end?: string;
      transmission: string;
      kind?: string;
    }[];
  };
  studentNames: Map<string, string>;
  /** Instance id (I12) to the instructor's name, for the report of regular instructors. */
  instructorNames: Map<string, string>;
  /** Non-cancelled appointments in the horizon before the run (fixed or turned into blocks). */
  appointmentsBefore: number;
  /** Students (by instance id) who already have an appointment in the horizon. */
  studentsWithFixed: Set<string>;
  /**
   * A run limited to some people: the instance ids of the others it lists only because their
   * fixed lessons occupy vehicles (they get no new lessons and are left out of the statistics).
   */
  bystanders?: Set<string>;
  /** Active students, with or without needs: "Noch keine Fahrschüler angelegt" when 0. */
  activeStudents?: number;
  /**
   * Special drives still open (45-minute units per kind) of students not released for them, by
   * the office or automatically: no planning task, but a reason line in the run's result.
   */
  notReleased?: {
    student: string;
    transmission: "manual" | "automatic";
    kind: "overland" | "highway" | "night";
    missing: number;
  }[];
}

interface Row extends AvailabilityRow {
  user_id: number;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  if (!map.has(key)) map.set(key, []);
  map.get(key)!.push(value);
};

export interface BuildOptions {
  /** First planned day (ISO date) instead of tomorrow: FAHRPLAN_PLANNER_START, for tests. */
  start?: string;
  /**
   * Students (user ids) who stay listed even without needs or fixed lessons: a re-planning gives
   * them needs afterwards.
   */
  keepStudents?: ReadonlySet<number>;
  /**
   * Plans only these people (user ids: the admin tour's test data, issue 25.12). Everyone else's
   * appointments stay as they are: the people they name who are not planned come in only as
   * bystanders (no working hours, no needs) whose lessons are fixed, so they still occupy their
   * vehicles. Unpublished drafts of others are kept fixed instead of being replaced.
   */
  onlyPeople?: ReadonlySet<number>;
}

/** Reads everything the planner needs in one repeatable-read snapshot. */
export async function buildInstance(sql: Sql, options: BuildOptions = {}): Promise<BuiltInstance> {
  return await sql.begin("isolation level repeatable read read only", async (tx) => {
    const [{ start, end }] = await tx`
      select first::text as start, (first + ${HORIZON_DAYS - 1}::int)::text as end
        from (select coalesce(${options.start ?? null}::date,
                              (now() at time zone ${SCHOOL_TIME_ZONE})::date + 1) as first) f
    `;
    const calendar = await readHorizonCalendar(tx, start, end);
    const plannedWeekdays = await readPlannedWeekdays(tx);
    const [settingsRow] = await tx`select settings from planner_settings where id = 1`;
    const settings: PlannerSettings = readStoredSettings(settingsRow?.settings);

    const allInstructors = await tx`
      select u.id::int, u.first_name, u.last_name, u.username, p.transmission_types,
             p.monthly_hours_target, p.default_vehicle_id::int
        from users u join instructor_profiles p on p.user_id = u.id
       where u.role = 'instructor' and u.is_active and cardinality(p.transmission_types) > 0
       order by u.id
    `;
    // A double lesson (90 minutes or more) is two Fahrstunden, as student_training_counts counts.
    const draftLessons = (student: string, transmission: string) =>
      tx`(select coalesce(sum(case when d.ends_at - d.starts_at >= interval '90 minutes'
                                   then 2 else 1 end), 0)
            from appointments d
           where d.student_id = ${tx.unsafe(student)} and d.status = ${DRAFT_STATUS}
             and d.appointment_type = 'driving_lesson' and d.transmission = ${transmission})`;
    const draftUnits = (student: string, kind: string) =>
      tx`(select coalesce(sum(round(extract(epoch from d.ends_at - d.starts_at) / 2700)), 0)
            from appointments d
           where d.student_id = ${tx.unsafe(student)} and d.status = ${DRAFT_STATUS}
             and d.appointment_type = ${kind})`;
    const allStudents = await tx`
      select u.id::int, u.first_name, u.last_name, u.username, p.license_class,
             p.available_in_holidays,
             p.preferred_instructor_id::int as preferred_instructor,
             -- Done and planned Fahrstunden as list and detail count them (migration 0030),
             -- less the unpublished draft's, which this run replaces.
             greatest(0, p.required_manual_hours - p.completed_manual_hours - coalesce((
               select sum(c.done_lessons + c.planned_lessons) from student_training_counts c
                where c.student_id = u.id and c.kind = 'driving_lesson' and c.transmission = 'manual'
             ), 0) + ${draftLessons("u.id", "manual")})::int as manual,
             greatest(0, p.required_automatic_hours - p.completed_automatic_hours - coalesce((
               select sum(c.done_lessons + c.planned_lessons) from student_training_counts c
                where c.student_id = u.id and c.kind = 'driving_lesson'
                  and c.transmission = 'automatic'
             ), 0) + ${draftLessons("u.id", "automatic")})::int as automatic,
             -- Special drives in 45-minute units: required minus done and planned (issue 22).
             greatest(0, p.required_overland - coalesce((
               select sum(c.done_units + c.planned_units) from student_training_counts c
                where c.student_id = u.id and c.kind = 'overland'
             ), 0) + ${draftUnits("u.id", "overland")})::int as overland,
             greatest(0, p.required_highway - coalesce((
               select sum(c.done_units + c.planned_units) from student_training_counts c
                where c.student_id = u.id and c.kind = 'highway'
             ), 0) + ${draftUnits("u.id", "highway")})::int as highway,
             greatest(0, p.required_night - coalesce((
               select sum(c.done_units + c.planned_units) from student_training_counts c
                where c.student_id = u.id and c.kind = 'night'
             ), 0) + ${draftUnits("u.id", "night")})::int as night,
             p.special_drives_released as released,
             -- Fahrstunden done (typed in before, and those that took place), for the automatic
             -- release of special drives (training.specialDrivesAfterLessons).
             (p.completed_manual_hours + p.completed_automatic_hours + coalesce((
               select sum(c.done_lessons) from student_training_counts c
                where c.student_id = u.id and c.kind = 'driving_lesson'
             ), 0))::int as done_lessons,
             nullif(btrim(coalesce(p.start_location, '')), '') as pickup_point,
             to_char(p.exam_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as exam_at
        from users u join student_profiles p on p.user_id = u.id
       where u.role = 'student' and u.is_active
       order by u.id
    `;
    const weekly = await tx<Row[]>`
      select user_id::int, availability_type as kind, day_of_week::int as day,
             to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end,
             valid_from::text, valid_until::text, period::int
        from availabilities
       where valid_until is null or valid_until >= ${start}::date
       order by user_id, day_of_week, start_time
    `;
    const vacations = await tx`
      select user_id::int, greatest(start_date, ${start}::date)::text as from,
             least(end_date, ${end}::date)::text as to
        from vacation_periods where end_date >= ${start}::date and start_date <= ${end}::date
    `;
    const specials = await tx`
      select user_id::int, date::text, is_unavailable,
             to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end
        from special_date_days where date between ${start}::date and ${end}::date
    `;
    const theory = await tx`
      select instructor_id::int as user_id, date::text,
             to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end
        from theory_sessions where date between ${start}::date and ${end}::date
    `;
    const vehicles = await tx`
      select id::int, transmission from vehicles where is_active order by id
    `;
    // Wall-clock start and end in Berlin; lessons the planner can keep as they are are whole hours.
    // The last run's unpublished draft (pending) is left out: writePlan replaces it (in a run
    // limited to some people only their draft: see draftOfScope).
    const scope = options.onlyPeople ? [...options.onlyPeople] : null;
    const existing = await tx`
      select student_id::int, instructor_id::int, vehicle_id::int, transmission, appointment_type,
             to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start,
             to_char(ends_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as end
        from appointments
       where status <> 'cancelled'
         and (status <> ${DRAFT_STATUS} or (${scope !== null} and not (
               student_id = any(${scope ?? []}::bigint[])
               or instructor_id = any(${scope ?? []}::bigint[]))))
         and starts_at < ((${end}::date + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE})
         and ends_at > (${start}::date::timestamp at time zone ${SCHOOL_TIME_ZONE})
    `;

    // A limited run: the people it plans, and the others its appointments name (bystanders).
    const inScope = (id: number) => !options.onlyPeople || options.onlyPeople.has(id);
    const named = new Set(existing.flatMap((a) => [a.student_id, a.instructor_id]));
    const bystander = (id: number) => !inScope(id) && named.has(id);
    const instructors = allInstructors.filter((i) => inScope(i.id) || bystander(i.id));
    // A bystander student has nothing left to plan: his fixed lessons are all he brings.
    const students = allStudents.filter((s) => inScope(s.id) || bystander(s.id)).map((s) =>
      inScope(s.id)
        ? s
        : { ...s, manual: 0, automatic: 0, overland: 0, highway: 0, night: 0, exam_at: null }
    );

    const byUser = new Map<number, Row[]>();
    for (const row of weekly) push(byUser, row.user_id, row);
    const absences = new Map<number, DateRange[]>();
    for (const v of vacations) push(absences, v.user_id, { from: v.from, to: v.to });
    const blocks = new Map<number, Block[]>();
    for (const s of specials) {
      if (s.is_unavailable) push(absences, s.user_id, { from: s.date, to: s.date });
      else push(blocks, s.user_id, { date: s.date, start: s.start, end: s.end });
    }
    for (const t of theory) push(blocks, t.user_id, { date: t.date, start: t.start, end: t.end });

    const format = toFormatSettings(settings);
    const vehicleIds = new Set(vehicles.map((v) => `V${v.id}`));
    const vehicleRule = format.vehicleAssignment && vehicles.length > 0;
    const instructorIds = new Set(instructors.map((i) => `I${i.id}`));
    const studentIds = new Set(students.map((s) => `S${s.id}`));

    // Existing appointments: lessons and special drives of known people that start on the hour
    // and end that day within two hours stay fixed (with their end and kind); anything else (odd
    // times, exams, unknown vehicle, an inactive person) blocks the people it names.
    const fixed: BuiltInstance["instance"]["fixed"] = [];
    const studentsWithFixed = new Set<string>();
    for (const a of existing) {
      const instructor = `I${a.instructor_id}`;
      const student = `S${a.student_id}`;
      const vehicle = a.vehicle_id === null ? undefined : `V${a.vehicle_id}`;
      const oneHour = a.start.endsWith(":00") && a.end > a.start &&
        a.end.slice(0, 10) === a.start.slice(0, 10) && a.end <= plusTwoHours(a.start) &&
        DRIVING_KINDS.has(a.appointment_type);
      const vehicleOk = !vehicleRule || (vehicle !== undefined && vehicleIds.has(vehicle));
      studentsWithFixed.add(student);
      if (
        oneHour && vehicleOk && instructorIds.has(instructor) && studentIds.has(student) &&
        a.start.slice(0, 10) >= start && a.start.slice(0, 10) <= end
      ) {
        fixed.push({
          student,
          instructor,
          ...(vehicleRule ? { vehicle } : {}),
          start: a.start,
          end: a.end,
          transmission: a.transmission,
          kind: a.appointment_type,
        });
      } else {
        for (const block of blocksOf(a.start, a.end)) {
          if (block.date < start || block.date > end) continue;
          push(blocks, a.instructor_id, block);
          push(blocks, a.student_id, block);
        }
      }
    }
    const fixedStudents = new Set(fixed.map((f) => f.student));

    const instructorNames = new Map<string, string>(
      instructors.map((i) => [`I${i.id}`, `${i.first_name} ${i.last_name}`.trim() || i.username]),
    );
    const instructorList = instructors.map((i) => ({
      id: `I${i.id}`,
      transmissions: i.transmission_types,
      monthlyHoursTarget: i.monthly_hours_target,
      // A bystander has no working hours: no new lesson can be his.
      ...(bystander(i.id)
        ? { work: [], breaks: [], weeklyBlocks: [] }
        : instructorWeek(byUser.get(i.id) ?? [], plannedWeekdays)),
      absences: [...absences.get(i.id) ?? [], ...calendar.holidays],
      blocks: blocks.get(i.id) ?? [],
      // The default vehicle where it is still an active one (the planner names it first).
      ...(vehicles.some((v) => v.id === i.default_vehicle_id)
        ? { defaultVehicle: `V${i.default_vehicle_id}` }
        : {}),
    }));

    const studentNames = new Map<string, string>();
    // Special drives only for released students: the others' open drives are no planning task
    // yet (the office releases them).
    // Released by the office, or automatically after the school's number of done Fahrstunden.
    const after = settings.training.specialDrivesAfterLessons;
    const released = (s: (typeof students)[number]) =>
      s.released || (after > 0 && s.done_lessons >= after);
    const specialOf = (s: (typeof students)[number]) =>
      released(s) && s.overland + s.highway + s.night > 0
        ? { overland: s.overland, highway: s.highway, night: s.night }
        : undefined;
    // Open special drives of students not (yet) released: no planning task, but a reason line.
    const notReleased = students.flatMap((s) =>
      released(s) ? [] : (["overland", "highway", "night"] as const)
        .filter((kind) => s[kind] > 0)
        .map((kind) => ({
          student: `S${s.id}`,
          // The special drive's car: automatic for a student who only learns automatic.
          transmission: s.automatic > 0 && s.manual === 0
            ? "automatic" as const
            : "manual" as const,
          kind,
          missing: s[kind] as number,
        }))
    );
    for (const s of students) {
      if (!released(s) && s.overland + s.highway + s.night > 0) {
        studentNames.set(`S${s.id}`, `${s.first_name} ${s.last_name}`.trim() || s.username);
      }
    }
    const studentList = students
      .filter((s) =>
        s.manual + s.automatic > 0 || specialOf(s) || fixedStudents.has(`S${s.id}`) ||
        options.keepStudents?.has(s.id)
      )
      .map((s) => {
        const id = `S${s.id}`;
        const name = `${s.first_name} ${s.last_name}`.trim() || s.username;
        studentNames.set(id, name);
        const rows = inScope(s.id) ? byUser.get(s.id) ?? [] : [];
        const ferien = studentFerien({
          rows,
          available: studentWeek(rows, plannedWeekdays),
          derived: studentIsDerived(rows),
          availableInHolidays: s.available_in_holidays,
          calendar,
          start,
          days: HORIZON_DAYS,
        });
        const available = ferien.available;
        const preferred = preferredWithoutEdgeHours(
          settings,
          available,
          rows.filter((r) => r.kind === "preferred" && r.day !== null && r.start < r.end)
            .map((r) => ({ day: r.day!, start: r.start, end: r.end })),
        );
        const preferredInstructor = `I${s.preferred_instructor}`;
        return {
          id,
          licenseClass: s.license_class,
          needs: { manual: s.manual, automatic: s.automatic },
          available,
          ...(preferred ? { preferred } : {}),
          ...(instructorIds.has(preferredInstructor) ? { preferredInstructor } : {}),
          absences: [...absences.get(s.id) ?? [], ...calendar.holidays, ...ferien.absences],
          blocks: [...blocks.get(s.id) ?? [], ...ferien.blocks],
          ...(specialOf(s) ? { special: specialOf(s), specialDrivesReleased: true } : {}),
          ...(s.exam_at ? { examAt: s.exam_at } : {}),
          ...(s.pickup_point ? { pickupPoint: s.pickup_point } : {}),
        };
      });

    return {
      instance: {
        format: "fahrplan-instance/2",
        start,
        days: HORIZON_DAYS,
        settings: format,
        instructors: instructorList,
        students: studentList,
        vehicles: vehicles.map((v) => ({ id: `V${v.id}`, transmission: v.transmission })),
        fixed,
      },
      studentNames,
      instructorNames,
      appointmentsBefore: existing.length,
      activeStudents: students.filter((s) => inScope(s.id)).length,
      studentsWithFixed,
      notReleased,
      ...(options.onlyPeople
        ? {
          bystanders: new Set([
            ...instructors.filter((i) => !inScope(i.id)).map((i) => `I${i.id}`),
            ...students.filter((x) => !inScope(x.id)).map((x) => `S${x.id}`),
          ]),
        }
        : {}),
    };
  });
}

/** Appointment types the planner keeps as fixed lessons (exams and theory block instead). */
const DRIVING_KINDS = new Set(["driving_lesson", "overland", "highway", "night"]);

function plusTwoHours(start: string): string {
  const hour = Number(start.slice(11, 13)) + 2;
  return `${start.slice(0, 11)}${String(hour).padStart(2, "0")}:00`;
}

/** One block per day an appointment touches, in wall-clock time. */
function blocksOf(start: string, end: string): Block[] {
  const out: Block[] = [];
  let day = start.slice(0, 10);
  const lastDay = end.slice(0, 10);
  while (day <= lastDay) {
    const from = day === start.slice(0, 10) ? start.slice(11) : "00:00";
    const to = day === lastDay ? end.slice(11) : "24:00";
    if (from < to) out.push({ date: day, start: from, end: to });
    day = addDays(day, 1);
  }
  return out;
}
