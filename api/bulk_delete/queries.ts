import type { Db, Sql } from "../../db/connection.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";

/** The people a bulk delete may remove; administrators are never among them. */
export type PeopleRole = "student" | "instructor";

const roleWords: Record<PeopleRole, string> = { student: "Fahrschüler", instructor: "Fahrlehrer" };

/** "1 Termin", "340 Termine". */
function appointmentsText(count: number, adjective = ""): string {
  const word = count === 1 ? "Termin" : "Termine";
  return `${count} ${adjective ? `${adjective}${count === 1 ? "r" : ""} ` : ""}${word}`;
}

/**
 * A planner run that is still going would write appointments for people deleted meanwhile (and
 * fail on them), or put back the appointments just deleted; so a bulk delete waits for it. The
 * active job's row is locked: writePlan locks the same row, so the two cannot interleave.
 */
async function refuseWhilePlanning(tx: Db) {
  const [active] = await tx`
    select id from planner_jobs where status in ('queued', 'running') for update
  `;
  if (active) {
    throw new AppError(
      409,
      "planner_busy",
      "Während eine Planung läuft, kann nichts gelöscht werden. Bitte warten Sie, bis sie " +
        "abgeschlossen ist, oder brechen Sie sie ab.",
    );
  }
}

/** Deletes every appointment (or only those still to come) with its audit line; the German answer. */
export async function deleteAppointments(
  sql: Sql,
  actor: AuditActor | null,
  options: { onlyFuture: boolean },
): Promise<string> {
  return await sql.begin(async (tx) => {
    await refuseWhilePlanning(tx);
    const deleted = await tx`
      delete from appointments
       where ${options.onlyFuture ? tx`starts_at > now()` : tx`true`}
      returning id
    `;
    const message = `${
      appointmentsText(deleted.length, options.onlyFuture ? "zukünftige" : "")
    } gelöscht.`;
    await recordAudit(tx, actor, "bulk_delete.appointments", message, {
      appointments: deleted.length,
      only_future: options.onlyFuture,
    });
    return message;
  }) as string;
}

/**
 * Deletes every student or every instructor, with their appointments, in one transaction. The
 * appointments are deleted by name to count them; availabilities, absences, theory sessions,
 * profiles and sessions go with the users through their foreign keys (all `on delete cascade`,
 * which bulk_delete's test checks for every table that points at users).
 */
export async function deletePeople(
  sql: Sql,
  actor: AuditActor | null,
  role: PeopleRole,
): Promise<string> {
  return await sql.begin(async (tx) => {
    await refuseWhilePlanning(tx);
    // Locks the users first, so a parallel edit or create of an appointment for one of them
    // waits for this delete (and then finds the user gone).
    const people = await tx<{ id: number }[]>`
      select id::int from users where role = ${role} order by id for update
    `;
    const ids = people.map((p) => p.id);
    const column = role === "student" ? tx`student_id` : tx`instructor_id`;
    const appointments = await tx`
      delete from appointments where ${column} = any(${ids}::bigint[]) returning id
    `;
    await tx`delete from users where id = any(${ids}::bigint[]) and role = ${role}`;
    const message = `${ids.length} ${roleWords[role]} und ${
      appointmentsText(appointments.length)
    } gelöscht.`;
    await recordAudit(tx, actor, `bulk_delete.${role}s`, message, {
      people: ids.length,
      appointments: appointments.length,
    });
    return message;
  }) as string;
}

/**
 * Deletes the people of the test-data package (their e-mail addresses, `emails`) with every
 * appointment they are in, and nobody else: the admin tour's clean-up, on a school that may have
 * real people already. Administrators are never among them.
 */
export async function deleteTestPeople(
  sql: Sql,
  actor: AuditActor | null,
  emails: { instructor: string[]; student: string[] },
): Promise<string> {
  return await sql.begin(async (tx) => {
    await refuseWhilePlanning(tx);
    const people = await tx<{ id: number; role: PeopleRole }[]>`
      select id::int, role from users
       where (role = 'instructor' and lower(email) = any(${emails.instructor}::text[]))
          or (role = 'student' and lower(email) = any(${emails.student}::text[]))
       order by id for update
    `;
    if (!people.length) return "Es sind keine Testdaten mehr vorhanden. Es wurde nichts gelöscht.";
    const ids = people.map((p) => p.id);
    const appointments = await tx`
      delete from appointments
       where student_id = any(${ids}::bigint[]) or instructor_id = any(${ids}::bigint[])
      returning id
    `;
    await tx`delete from users where id = any(${ids}::bigint[]) and role <> 'admin'`;
    const instructors = people.filter((p) => p.role === "instructor").length;
    const students = people.length - instructors;
    const message = `Testdaten entfernt: ${instructors} Fahrlehrer, ${students} Fahrschüler und ${
      appointmentsText(appointments.length)
    } gelöscht. Ihre übrigen Daten bleiben erhalten.`;
    await recordAudit(tx, actor, "bulk_delete.test_data", message, {
      instructors,
      students,
      appointments: appointments.length,
    });
    return message;
  }) as string;
}
