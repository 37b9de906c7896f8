/**
 * "Betroffene neu planen": the lessons inside an absence of their student or instructor are
 * planned again while everything else stays fixed. The instance is the normal one (buildInstance)
 * adjusted here: the affected lessons leave `fixed`, every student's needs are only their affected
 * lessons (by transmission), and the original instructor is the preferred one. The plan's new
 * lessons are then matched back to the affected appointments: moved, or cancelled with the
 * planner's reason.
 */
import type { Sql } from "../../db/connection.ts";
import { absenceCancelReason } from "../../common/absence_labels.ts";
import type { AffectedLesson, ReplanChanges, ReplanInput } from "../../common/replan_types.ts";

export type { AffectedLesson, ReplanChanges, ReplanInput };
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import type { BuiltInstance } from "./build_instance.ts";
import type { PlanResult } from "./write_plan.ts";
import type { NearbyMove } from "./replan_nearby.ts";

/** Reads the affected appointments (the view's definition) and every instructor's name. */
export async function loadAffected(sql: Sql): Promise<ReplanInput> {
  const name = (alias: string) =>
    sql.unsafe(
      `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`,
    );
  const rows = await sql`
    select a.id::int, a.student_id::int, a.instructor_id::int, a.vehicle_id::int,
           a.transmission, a.status,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start,
           to_char(a.ends_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as end,
           ${name("s")} as student_name, ${name("i")} as instructor_name,
           (select json_build_object(
                     'role', f.absent_role, 'person_name', ${name("p")}, 'kind', f.kind,
                     'from_date', f.from_date, 'to_date', f.to_date,
                     'start_time', f.start_time, 'end_time', f.end_time,
                     'description', f.description)
              from affected_appointments f join users p on p.id = f.absent_user_id
             where f.appointment_id = a.id
             order by f.absent_role = 'student' desc, f.from_date, f.absence_id
             limit 1) as absence
      from appointments a
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
     where a.id in (select appointment_id from affected_appointments)
     order by a.starts_at, a.id
  `;
  const instructors = await sql`
    select u.id::int, ${name("u")} as name from users u where u.role = 'instructor'
  `;
  return {
    lessons: rows.map((r) => ({
      id: r.id,
      studentId: r.student_id,
      instructorId: r.instructor_id,
      vehicleId: r.vehicle_id,
      transmission: r.transmission,
      status: r.status,
      start: r.start,
      end: r.end,
      studentName: r.student_name,
      instructorName: r.instructor_name,
      absence: r.absence,
    })),
    instructorNames: new Map(instructors.map((i) => [i.id as number, i.name as string])),
  };
}

/** The students whose lessons are re-planned, by user id (buildInstance keeps them listed). */
export function replanStudents(input: ReplanInput): Set<number> {
  return new Set(input.lessons.map((l) => l.studentId));
}

/**
 * Turns the normal instance into the re-planning one, in place: the affected lessons are no
 * longer fixed (their slots are free), needs are the affected lessons only, and each affected
 * student prefers the instructor of their first affected lesson.
 */
export function adjustForReplan(built: BuiltInstance, input: ReplanInput): void {
  const inst = built.instance;
  const key = (student: string, instructor: string, start: string) =>
    `${student}|${instructor}|${start}`;
  const affectedKeys = new Set(
    input.lessons.map((l) => key(`S${l.studentId}`, `I${l.instructorId}`, l.start)),
  );
  inst.fixed = inst.fixed.filter((f) => !affectedKeys.has(key(f.student, f.instructor, f.start)));

  const needs = new Map<string, { manual: number; automatic: number }>();
  const preferred = new Map<string, string>();
  for (const l of input.lessons) {
    const id = `S${l.studentId}`;
    // A double lesson (a 90-minute special drive) is not moved into a one-hour place.
    if (!oneSlot(l)) continue;
    if (!needs.has(id)) needs.set(id, { manual: 0, automatic: 0 });
    needs.get(id)![l.transmission] += 1;
    if (!preferred.has(id)) preferred.set(id, `I${l.instructorId}`);
  }
  const instructorIds = new Set(inst.instructors.map((i) => i.id));
  for (
    const s of inst.students as (typeof inst.students[number] & {
      preferredInstructor?: string;
    })[]
  ) {
    s.needs = needs.get(s.id) ?? { manual: 0, automatic: 0 };
    // A re-planning moves the affected lessons only; it plans no special drives.
    delete (s as { special?: unknown }).special;
    const original = preferred.get(s.id);
    if (original && instructorIds.has(original)) s.preferredInstructor = original;
  }
}

const idOf = (prefixed: string) => Number(prefixed.slice(1));
const fallbackReason = "Im Planungszeitraum wurde kein freier Termin gefunden.";
const longReason =
  "Doppelstunde (z. B. Sonderfahrt): wird nicht verschoben, sondern bei der nächsten Planung neu eingeplant.";

/** True when an affected appointment fits one slot of the planner (at most an hour). */
function oneSlot(l: AffectedLesson): boolean {
  const at = (t: string) => Date.parse(`${t}:00Z`);
  return at(l.end) - at(l.start) <= 3_600_000;
}
const inactiveReason = "Der Fahrschüler ist nicht aktiv und wird nicht neu geplant.";

/**
 * Matches the plan's new lessons to the affected appointments, per student and transmission in
 * time order; affected appointments left without a new lesson are cancelled with the planner's
 * German reason for that student and transmission.
 */
export function matchReplan(
  built: BuiltInstance,
  plan: PlanResult,
  input: ReplanInput,
  nearby: NearbyMove[] = [],
): ReplanChanges {
  const near = new Map(nearby.map((n) => [n.lesson.id, n]));
  const planned = new Map<string, PlanResult["appointments"]>();
  for (const a of [...plan.appointments].sort((x, y) => x.start.localeCompare(y.start))) {
    const k = `${a.student}|${a.transmission}`;
    if (!planned.has(k)) planned.set(k, []);
    planned.get(k)!.push(a);
  }
  const reasons = new Map(plan.unplanned.map((u) => [`${u.student}|${u.transmission}`, u.reason]));
  const listed = new Set(built.instance.students.map((s) => s.id));
  const changes: ReplanChanges = { moves: [], cancels: [] };
  for (const l of input.lessons) {
    const k = `S${l.studentId}|${l.transmission}`;
    // Placed nearby first (same instructor that week, or another at the same hour); the
    // planner's lessons go to the others only.
    const next = near.get(l.id) ?? (oneSlot(l) ? planned.get(k)?.shift() : undefined);
    if (next) {
      const instructor = idOf(next.instructor);
      changes.moves.push({
        appointment_id: l.id,
        student_name: l.studentName,
        old_start: l.start,
        old_instructor_name: l.instructorName,
        new_start: next.start,
        new_instructor_name: input.instructorNames.get(instructor) ?? next.instructor,
        instructor_id: instructor,
        vehicle_id: next.vehicle ? idOf(next.vehicle) : null,
        status: l.status,
      });
    } else {
      changes.cancels.push({
        appointment_id: l.id,
        student_name: l.studentName,
        start: l.start,
        instructor_name: l.instructorName,
        reason: !listed.has(`S${l.studentId}`) ? inactiveReason : l.absence
          ? absenceCancelReason(
            l.absence,
            oneSlot(l) ? reasons.get(k) ?? fallbackReason : longReason,
          )
          : oneSlot(l)
          ? reasons.get(k) ?? fallbackReason
          : longReason,
      });
    }
  }
  return changes;
}
