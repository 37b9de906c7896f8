import type { Sql } from "../../db/connection.ts";
import { containsPattern, listPage, listQuerySchema, pageSql } from "../lib/list_params.ts";
import type { ListParams, SortColumns } from "../lib/list_params.ts";
import type { ListPage } from "../../common/contract/list_page.ts";
import { fullNameSql } from "../lib/person_name.ts";
import {
  appointmentJoins,
  type AppointmentRow,
  appointmentSelect,
  withDisplay,
} from "./appointment_rows.ts";

/** The sort_by values the appointments list accepts. */
export const appointmentSortKeys = [
  "start_time",
  "student_name",
  "instructor_name",
  "vehicle",
  "status",
  "transmission_type",
] as const;

type AppointmentSortKey = (typeof appointmentSortKeys)[number];

/** The query of GET /appointments/: paging (spec 01 §9: 50 a page), sorting and a search. */
export const appointmentListSchema = listQuerySchema({
  sortKeys: appointmentSortKeys,
  defaultSort: "start_time",
  defaultDirection: "desc",
  defaultPageSize: 50,
  maxPageSize: 200,
});

const sortColumns: SortColumns<AppointmentSortKey> = {
  start_time: (sql) => sql`a.starts_at`,
  student_name: (sql) => sql`lower(${fullNameSql(sql, "s")})`,
  instructor_name: (sql) => sql`lower(${fullNameSql(sql, "i")})`,
  vehicle: (sql) => sql`upper(v.name)`,
  status: (sql) => sql`a.status`,
  transmission_type: (sql) => sql`a.transmission`,
};

/** One page of appointments with the paging figures the screen reads. */
export async function listAppointments(
  sql: Sql,
  params: ListParams<AppointmentSortKey>,
): Promise<ListPage<AppointmentRow>> {
  const pattern = containsPattern(params.search);
  const where = params.search
    ? sql`where lower(${fullNameSql(sql, "s")}) like ${pattern}
             or lower(${fullNameSql(sql, "i")}) like ${pattern}
             or lower(coalesce(v.name, '')) like ${pattern}`
    : sql``;
  const { sortKey, direction: dir, window } = pageSql(sql, params, sortColumns);
  // Rows without a vehicle sort last in both directions; start time then id keep pages stable.
  const rows = await sql<(Omit<AppointmentRow, "appointment_type_display" | "type_display">)[]>`
    ${appointmentSelect(sql)}
    ${where}
    order by ${sortKey} ${dir} nulls last, a.starts_at ${dir}, a.id ${dir}
    ${window}
  `;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total ${appointmentJoins(sql)} ${where}
  `;
  return listPage(rows.map(withDisplay), total, params);
}
