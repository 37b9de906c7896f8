import type { Sql } from "../../db/connection.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

/** An appointment as the planner would write it, at a school wall-clock day and time. */
export interface TestAppointment {
  student: number;
  instructor: number;
  vehicle?: number | null;
  transmission?: "manual" | "automatic";
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  start: string;
  /** default 45, one lesson */
  minutes?: number;
  status?: "confirmed" | "pending" | "cancelled";
  type?: string;
}

/** Inserts one appointment straight into the table (no API, no checks); returns its id. */
export async function insertAppointment(sql: Sql, a: TestAppointment): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status, appointment_type)
    values (${a.student}, ${a.instructor}, ${a.vehicle ?? null}, ${a.transmission ?? "manual"},
            (${a.day}::date + ${a.start}::time) at time zone ${SCHOOL_TIME_ZONE},
            (${a.day}::date + ${a.start}::time) at time zone ${SCHOOL_TIME_ZONE}
              + make_interval(mins => ${a.minutes ?? 45}),
            ${a.status ?? "confirmed"}, ${a.type ?? "driving_lesson"})
    returning id::int
  `;
  return row.id;
}
