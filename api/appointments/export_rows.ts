import type { Sql } from "../../db/connection.ts";
import { type AppointmentRow, appointmentSelect, withDisplay } from "./appointment_rows.ts";
import { appointmentOrder, type AppointmentQuery, appointmentWhere } from "./list_query.ts";

/**
 * Every row the list shows for `query` (search, range, sort; all pages), in the list's order;
 * `activeOnly` leaves cancelled ones out (calendars and week plans show lessons that take place).
 */
export async function exportAppointments(
  sql: Sql,
  query: AppointmentQuery,
  options: { activeOnly: boolean },
): Promise<AppointmentRow[]> {
  const rows = await sql<Omit<AppointmentRow, "appointment_type_display" | "type_display">[]>`
    ${appointmentSelect(sql)}
    ${appointmentWhere(sql, query, options)}
    ${appointmentOrder(sql, query)}
  `;
  return rows.map(withDisplay);
}
