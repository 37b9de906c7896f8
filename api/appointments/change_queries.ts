/**
 * Reading one appointment and changing it by hand: create, move, cancel, delete. Every change
 * runs in one transaction with its conflict check and its audit line.
 */
import type { Db, Sql } from "../../db/connection.ts";
import type {
  AppointmentChoices,
  AppointmentDetail,
} from "../../common/contract/appointment_detail.ts";
import type { appointmentCreateSchema } from "../../common/contract/appointment_detail.ts";
import type { appointmentMoveSchema } from "../../common/contract/appointment_detail.ts";
import type { z } from "zod";
import { appointmentTypeLabel, germanDate } from "../../common/german_words.ts";
import { minutesOf, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { type Conflict, findConflicts, type Parties, type Slot } from "./conflicts.ts";
import { berlinIsoSql } from "./appointment_rows.ts";
import { lessonFacts, notifyLessonChanged } from "../../db/notification_outbox.ts";

type CreateInput = z.output<typeof appointmentCreateSchema>;
type MoveInput = z.output<typeof appointmentMoveSchema>;

const notFoundAppointment = () => notFound("Der Termin");

/** One appointment with names, ids and times for the detail dialog; null when there is none. */
export async function appointmentDetail(db: Db, id: number): Promise<AppointmentDetail | null> {
  const [row] = await db<Omit<AppointmentDetail, "appointment_type_display">[]>`
    select a.id::int,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as time,
           to_char(a.ends_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as end_clock,
           ${berlinIsoSql(db, "a.starts_at")} as start_time,
           ${berlinIsoSql(db, "a.ends_at")} as end_time,
           (extract(epoch from a.ends_at - a.starts_at) / 60)::int as duration_minutes,
           a.student_id::int, ${fullNameSql(db, "s")} as student_name,
           a.instructor_id::int, ${fullNameSql(db, "i")} as instructor_name,
           a.vehicle_id::int, v.name as vehicle,
           a.appointment_type, a.transmission as transmission_type, a.status,
           a.cancel_reason, a.notes,
           coalesce(${fullNameSql(db, "c")}, '') as created_by_name,
           a.planner_job_id is not null as planned,
           ${berlinIsoSql(db, "a.updated_at")} as updated_at
      from appointments a
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
      left join vehicles v on v.id = a.vehicle_id
      left join users c on c.id = a.created_by
     where a.id = ${id}
  `;
  if (!row) return null;
  return { ...row, appointment_type_display: appointmentTypeLabel(row.appointment_type) };
}

/** The active students, instructors and vehicles the forms offer. */
export async function appointmentChoices(db: Db): Promise<AppointmentChoices> {
  const people = await db<{ id: number; name: string; role: string; transmission_types: [] }[]>`
    select u.id::int, ${fullNameSql(db, "u")} as name, u.role,
           coalesce(p.transmission_types, '{}') as transmission_types
      from users u left join instructor_profiles p on p.user_id = u.id
     where u.is_active and u.role in ('student', 'instructor')
     order by lower(${fullNameSql(db, "u")}), u.id
  `;
  const vehicles = await db<AppointmentChoices["vehicles"]>`
    select id::int, name, transmission from vehicles where is_active order by upper(name), id
  `;
  return {
    students: people.filter((p) => p.role === "student").map(({ id, name }) => ({ id, name })),
    instructors: people.filter((p) => p.role === "instructor")
      .map(({ id, name, transmission_types }) => ({ id, name, transmission_types })),
    vehicles: [...vehicles],
  };
}

/** Loads student, instructor and vehicle by id; a wrong id is the admin's input error (400). */
async function loadParties(
  db: Db,
  ids: { student: number; instructor: number; vehicle: number | null },
): Promise<Parties> {
  const people = await db<{ id: number; role: string; name: string; transmission_types: [] }[]>`
    select u.id::int, u.role, ${fullNameSql(db, "u")} as name,
           coalesce(p.transmission_types, '{}') as transmission_types
      from users u left join instructor_profiles p on p.user_id = u.id
     where u.id in (${ids.student}, ${ids.instructor})
  `;
  const student = people.find((p) => p.id === ids.student && p.role === "student");
  if (!student) throw invalid("Der gewählte Fahrschüler wurde nicht gefunden.");
  const instructor = people.find((p) => p.id === ids.instructor && p.role === "instructor");
  if (!instructor) throw invalid("Der gewählte Fahrlehrer wurde nicht gefunden.");
  let vehicle: Parties["vehicle"] = null;
  if (ids.vehicle !== null) {
    const [row] = await db<NonNullable<Parties["vehicle"]>[]>`
      select id::int, name, transmission, is_active from vehicles where id = ${ids.vehicle}
    `;
    if (!row) throw invalid("Das gewählte Fahrzeug wurde nicht gefunden.");
    vehicle = row;
  }
  return {
    student: { id: student.id, name: student.name },
    instructor: {
      id: instructor.id,
      name: instructor.name,
      transmission_types: instructor.transmission_types,
    },
    vehicle,
  };
}

/**
 * Refuses the change with a 409 when a conflict stands: double bookings and qualification always,
 * availability problems unless the admin said 'Trotzdem speichern'. The answer names every
 * conflict in German; its code tells the dialog whether it may offer the override.
 */
function refuseConflicts(conflicts: Conflict[], override: boolean): void {
  const hard = conflicts.filter((c) => c.kind !== "availability");
  const shown = hard.length ? hard : override ? [] : conflicts;
  if (!shown.length) return;
  const code = hard.some((c) => c.kind === "double_booking")
    ? "double_booking"
    : hard.length
    ? "qualification_conflict"
    : "availability_conflict";
  throw new AppError(
    409,
    code,
    shown.map((c) => c.message).join(" "),
    shown.map((c) => ({ kind: c.kind, message: c.message })),
  );
}

/** A lesson ends on the day it starts: the calendar and the planner know no other. */
function checkSameDay(start: string, minutes: number): void {
  if (minutesOf(start) + minutes > 24 * 60) {
    throw invalid("Ein Termin muss am selben Tag enden.");
  }
}

const startSql = (db: Db, slot: Slot) =>
  db`(${slot.date}::date + ${slot.start}::time) at time zone ${SCHOOL_TIME_ZONE}`;

const at = (date: string, time: string) => `am ${germanDate(date)} um ${time}`;

/**
 * A lesson placed in the past is almost always a typo (a wrong month); it is saved only when the
 * admin confirms it as a 'Nachtrag' (issue 25, point 1). Checked against the database's clock,
 * the one the lists' 'Ab heute' uses.
 */
async function refusePast(db: Db, slot: Slot, backfill: boolean): Promise<boolean> {
  const [{ past }] = await db<{ past: boolean }[]>`select ${startSql(db, slot)} < now() as past`;
  if (past && !backfill) {
    throw new AppError(
      409,
      "past_appointment",
      `Der Termin ${at(slot.date, slot.start)} liegt in der Vergangenheit. ` +
        "Nur als Nachtrag speichern, wenn er so stattgefunden hat.",
    );
  }
  return past;
}

/** The audit words for what the admin confirmed. */
function auditSuffix(overridden: boolean, backfill: boolean): string {
  return (overridden ? " (trotz Verfügbarkeitskonflikt)" : "") + (backfill ? " (Nachtrag)" : "");
}

/** Creates an appointment by hand; answers its id. */
export async function createAppointment(
  sql: Sql,
  actor: AuditActor,
  input: CreateInput,
): Promise<number> {
  checkSameDay(input.start_time, input.duration_minutes);
  return await sql.begin(async (tx) => {
    const parties = await loadParties(tx, {
      student: input.student_id,
      instructor: input.instructor_id,
      vehicle: input.vehicle_id,
    });
    const transmission = input.transmission_type ?? parties.vehicle?.transmission ?? "manual";
    const slot: Slot = {
      transmission,
      date: input.date,
      start: input.start_time,
      minutes: input.duration_minutes,
    };
    const backfill = await refusePast(tx, slot, input.backfill);
    const conflicts = await findConflicts(tx, parties, slot);
    refuseConflicts(conflicts, input.override_availability);
    const [row] = await tx<{ id: number }[]>`
      insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                                ends_at, status, appointment_type, notes, created_by)
      values (${parties.student.id}, ${parties.instructor.id}, ${parties.vehicle?.id ?? null},
              ${transmission}, ${startSql(tx, slot)},
              ${startSql(tx, slot)} + make_interval(mins => ${slot.minutes}),
              'confirmed', ${input.appointment_type}, ${input.notes}, ${actor.id})
      returning id::int
    `;
    // Student and instructor are told by e-mail (outbox, same transaction); a Nachtrag is over.
    const [added] = await lessonFacts(tx, [row.id]);
    await notifyLessonChanged(tx, added, { kind: "added" });
    const overridden = conflicts.length > 0;
    await recordAudit(
      tx,
      actor,
      "appointment.create",
      `${appointmentTypeLabel(input.appointment_type)} von ${parties.student.name} mit ` +
        `${parties.instructor.name} ${at(slot.date, slot.start)} angelegt` +
        auditSuffix(overridden, backfill),
      {
        appointment_id: row.id,
        override_availability: overridden,
        ...(overridden ? { conflicts: conflicts.map((c) => c.message) } : {}),
        ...(backfill ? { backfill: true } : {}),
      },
    );
    return row.id;
  });
}

interface Current {
  id: number;
  student_id: number;
  instructor_id: number;
  vehicle_id: number | null;
  transmission: "manual" | "automatic";
  status: string;
  date: string;
  time: string;
  minutes: number;
  notes: string;
  student_name: string;
  appointment_type: string;
}

/** The appointment, locked for the change; 404 when there is none. */
async function lockAppointment(tx: Db, id: number): Promise<Current> {
  const [row] = await tx<Current[]>`
    select a.id::int, a.student_id::int, a.instructor_id::int, a.vehicle_id::int, a.transmission,
           a.status, a.notes, a.appointment_type,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as time,
           (extract(epoch from a.ends_at - a.starts_at) / 60)::int as minutes,
           ${fullNameSql(tx, "s")} as student_name
      from appointments a join users s on s.id = a.student_id
     where a.id = ${id}
       for update of a
  `;
  if (!row) throw notFoundAppointment();
  return row;
}

/** Moves an appointment (day, time, length, instructor, vehicle) and keeps its notes up to date. */
export async function moveAppointment(
  sql: Sql,
  actor: AuditActor,
  id: number,
  input: MoveInput,
): Promise<void> {
  await sql.begin(async (tx) => {
    const current = await lockAppointment(tx, id);
    if (current.status === "cancelled") {
      throw new AppError(
        409,
        "appointment_cancelled",
        "Ein stornierter Termin kann nicht verschoben werden.",
      );
    }
    const slot: Slot = {
      appointmentId: id,
      transmission: current.transmission,
      date: input.date ?? current.date,
      start: input.start_time ?? current.time,
      minutes: input.duration_minutes ?? current.minutes,
    };
    checkSameDay(slot.start, slot.minutes);
    const parties = await loadParties(tx, {
      student: current.student_id,
      instructor: input.instructor_id ?? current.instructor_id,
      vehicle: input.vehicle_id === undefined ? current.vehicle_id : input.vehicle_id,
    });
    // Only a change of when, how long or with whom asks; a note on a past lesson does not.
    const changed = slot.date !== current.date || slot.start !== current.time ||
      slot.minutes !== current.minutes || parties.instructor.id !== current.instructor_id ||
      (parties.vehicle?.id ?? null) !== current.vehicle_id;
    const backfill = changed && await refusePast(tx, slot, input.backfill);
    const conflicts = await findConflicts(tx, parties, slot);
    refuseConflicts(conflicts, input.override_availability);
    const [before] = await lessonFacts(tx, [id]);
    await tx`
      update appointments
         set starts_at = ${startSql(tx, slot)},
             ends_at = ${startSql(tx, slot)} + make_interval(mins => ${slot.minutes}),
             instructor_id = ${parties.instructor.id}, vehicle_id = ${parties.vehicle?.id ?? null},
             notes = ${input.notes ?? current.notes}, updated_at = now()
       where id = ${id}
    `;
    // A new note alone tells nobody anything; a new time, length or person does.
    if (changed) {
      const [after] = await lessonFacts(tx, [id]);
      await notifyLessonChanged(tx, after, { kind: "moved", before });
    }
    const overridden = conflicts.length > 0;
    await recordAudit(
      tx,
      actor,
      "appointment.move",
      `Termin von ${current.student_name} ${at(current.date, current.time)} verschoben ` +
        `auf ${germanDate(slot.date)} um ${slot.start} mit ${parties.instructor.name}` +
        auditSuffix(overridden, backfill),
      {
        appointment_id: id,
        from: { date: current.date, time: current.time, instructor_id: current.instructor_id },
        to: { date: slot.date, time: slot.start, instructor_id: parties.instructor.id },
        override_availability: overridden,
        ...(overridden ? { conflicts: conflicts.map((c) => c.message) } : {}),
        ...(backfill ? { backfill: true } : {}),
      },
    );
  });
}

/** Cancels an appointment with a reason: it stays in lists and exports, but blocks no slot. */
export async function cancelAppointment(
  sql: Sql,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    const current = await lockAppointment(tx, id);
    if (current.status === "cancelled") {
      throw new AppError(409, "appointment_cancelled", "Der Termin ist bereits storniert.");
    }
    const [lesson] = await lessonFacts(tx, [id]);
    await notifyLessonChanged(tx, lesson, { kind: "cancelled", reason });
    await tx`
      update appointments set status = 'cancelled', cancel_reason = ${reason}, updated_at = now()
       where id = ${id}
    `;
    await recordAudit(
      tx,
      actor,
      "appointment.cancel",
      `Termin von ${current.student_name} ${at(current.date, current.time)} storniert: ${reason}`,
      { appointment_id: id, reason },
    );
  });
}

/** Deletes an appointment for good. */
export async function deleteAppointment(sql: Sql, actor: AuditActor, id: number): Promise<void> {
  await sql.begin(async (tx) => {
    const current = await lockAppointment(tx, id);
    // For the people concerned a deleted lesson is a cancelled one (a cancelled one was told).
    if (current.status !== "cancelled") {
      const [lesson] = await lessonFacts(tx, [id]);
      await notifyLessonChanged(tx, lesson, { kind: "cancelled", reason: "" });
    }
    await tx`delete from appointments where id = ${id}`;
    await recordAudit(
      tx,
      actor,
      "appointment.delete",
      `${appointmentTypeLabel(current.appointment_type)} von ${current.student_name} ` +
        `${at(current.date, current.time)} gelöscht`,
      {
        appointment_id: id,
        student_id: current.student_id,
        instructor_id: current.instructor_id,
        date: current.date,
        time: current.time,
        status: current.status,
      },
    );
  });
}
