import type { Sql } from "../../db/connection.ts";
import { type AppointmentRow, appointmentSelect, withDisplay } from "./appointment_rows.ts";
import { appointmentOrder, appointmentWhere } from "./list_query.ts";
import type { ExportQuery } from "./export_query.ts";

/** A list row with what only the exports print: the office's note and the change stamps. */
export interface ExportRow extends AppointmentRow {
  notes: string;
  /** Raised by the database on every change (migration 0042): a calendar's SEQUENCE. */
  sequence: number;
  /** 'YYYYMMDDTHHMMSSZ' */
  created: string;
  modified: string;
}

/**
 * Every row the list shows for `query` (search, range, sort; all pages), in the list's order;
 * `activeOnly` leaves cancelled ones out (week plans show lessons that take place). The range is
 * at most a year (export_query.ts), so the rows fit in memory; the files are streamed from them.
 */
export async function exportAppointments(
  sql: Sql,
  query: ExportQuery,
  options: { activeOnly: boolean },
): Promise<ExportRow[]> {
  const utc = (column: string) =>
    sql`to_char(${sql.unsafe(column)} at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')`;
  const rows = await sql<Omit<ExportRow, "appointment_type_display" | "type_display">[]>`
    ${
    appointmentSelect(
      sql,
      sql`, a.notes, a.sequence, ${utc("a.created_at")} as created,
          ${utc("a.updated_at")} as modified`,
    )
  }
    ${appointmentWhere(sql, query, options)}
    ${appointmentOrder(sql, query)}
  `;
  return rows.map((row) => ({ ...row, ...withDisplay(row) }));
}
