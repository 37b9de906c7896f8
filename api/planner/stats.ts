import type { Sql } from "../db.ts";

/** The dashboard's system overview counts (spec 01 §3 "Stats", the counts part). */
export async function dashboardStats(sql: Sql) {
  const [row] = await sql`
    select
      (select count(*)::int from users where role = 'student' and is_active) as students,
      (select count(*)::int from users where role = 'instructor' and is_active) as instructors,
      (select count(*)::int from appointments where status <> 'cancelled') as appointments,
      (select count(*)::int from availabilities) as availabilities
  `;
  return {
    students: row.students as number,
    instructors: row.instructors as number,
    appointments: row.appointments as number,
    availabilities: row.availabilities as number,
  };
}
