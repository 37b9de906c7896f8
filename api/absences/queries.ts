import type { Db } from "../../db/connection.ts";
import type { AffectedAppointments } from "../../common/contract/affected.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { absenceLabel, type AbsenceRow } from "../../common/absence_labels.ts";

/**
 * Every future, non-cancelled appointment inside an absence of its student or instructor, from
 * the affected_appointments view (one query, so the banner is always what the data says).
 */
export async function affectedAppointments(sql: Db): Promise<AffectedAppointments> {
  const rows = await sql<
    {
      id: number;
      student_name: string;
      instructor_name: string;
      start: string;
      end: string;
      transmission: "manual" | "automatic";
      absences: AbsenceRow[];
    }[]
  >`
    select a.id::int, ${fullNameSql(sql, "s")} as student_name,
           ${fullNameSql(sql, "i")} as instructor_name,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start,
           to_char(a.ends_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as end,
           a.transmission,
           json_agg(json_build_object(
             'role', f.absent_role, 'person_name', ${fullNameSql(sql, "p")}, 'kind', f.kind,
             'from_date', f.from_date, 'to_date', f.to_date,
             'start_time', f.start_time, 'end_time', f.end_time, 'description', f.description
           ) order by f.absent_role, f.from_date, f.absence_id) as absences
      from affected_appointments f
      join appointments a on a.id = f.appointment_id
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
      join users p on p.id = f.absent_user_id
     group by a.id, s.id, i.id
     order by a.starts_at, a.id
  `;
  return {
    count: rows.length,
    appointments: rows.map((r) => ({
      id: r.id,
      student_name: r.student_name,
      instructor_name: r.instructor_name,
      start: r.start,
      end: r.end,
      transmission: r.transmission,
      absences: r.absences.map((a) => ({
        role: a.role,
        person_name: a.person_name,
        kind: a.kind,
        label: absenceLabel(a),
      })),
    })),
  };
}

/** How many appointments one absence range of a user hits (for the sick note's answer). */
export async function countAffectedBy(sql: Db, absenceId: number): Promise<number> {
  const [row] = await sql`
    select count(distinct appointment_id)::int as n from affected_appointments
     where source = 'vacation_period' and absence_id = ${absenceId}
  `;
  return row.n;
}

/** How many future lessons fall into a person's vacations (for the person form's answer). */
export async function countInVacations(sql: Db, userId: number): Promise<number> {
  const [row] = await sql`
    select count(distinct appointment_id)::int as n from affected_appointments
     where absent_user_id = ${userId} and source = 'vacation_period' and kind = 'vacation'
  `;
  return row.n;
}
