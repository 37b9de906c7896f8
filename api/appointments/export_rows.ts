import type { Sql } from "../../db/connection.ts";
import { type AppointmentRow, appointmentSelect, withDisplay } from "./appointment_rows.ts";
import { appointmentOrder, appointmentWhere } from "./list_query.ts";
import type { ExportQuery } from "../../common/contract/list_queries.ts";
import { yieldToEventLoop } from "../lib/event_loop.ts";

/** Rows fetched from the database at a time. */
const rowsPerRead = 500;

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
 * at most a year (common/contract/list_queries.ts), so the rows fit in memory; the files are streamed from them.
 */
export async function exportAppointments(
  sql: Sql,
  query: ExportQuery,
  options: { activeOnly: boolean },
): Promise<ExportRow[]> {
  const utc = (column: string) =>
    sql`to_char(${sql.unsafe(column)} at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')`;
  const cursor = sql<Omit<ExportRow, "appointment_type_display" | "type_display">[]>`
    ${
    appointmentSelect(
      sql,
      sql`, a.notes, a.sequence, ${utc("a.created_at")} as created,
          ${utc("a.updated_at")} as modified`,
    )
  }
    ${appointmentWhere(sql, query, options)}
    ${appointmentOrder(sql, query)}
  `.cursor(rowsPerRead);
  // Read in parts: one answer of a year's rows is parsed in one go and held every other request
  // for a few hundred milliseconds (issue 24); between parts the event loop runs.
  const rows: ExportRow[] = [];
  for await (const part of cursor) {
    for (const row of part) rows.push({ ...row, ...withDisplay(row) });
    await yieldToEventLoop();
  }
  return rows;
}
