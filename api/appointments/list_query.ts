import type { Sql } from "../../db/connection.ts";
import { containsPattern, listPage, type ListParams, listQuerySchema } from "../lib/list_params.ts";
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

function sortExpression(sql: Sql, sortBy: AppointmentSortKey) {
  switch (sortBy) {
    case "student_name":
      return sql`lower(${fullNameSql(sql, "s")})`;
    case "instructor_name":
      return sql`lower(${fullNameSql(sql, "i")})`;
    case "vehicle":
      return sql`upper(v.name)`;
    case "status":
      return sql`a.status`;
    case "transmission_type":
      return sql`a.transmission`;
    default:
      return sql`a.starts_at`;
  }
}

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
  const dir = params.direction === "desc" ? sql`desc` : sql`asc`;
  // Rows without a vehicle sort last in both directions; start time then id keep pages stable.
  const rows = await sql<(Omit<AppointmentRow, "appointment_type_display" | "type_display">)[]>`
    ${appointmentSelect(sql)}
    ${where}
    order by ${
    sortExpression(sql, params.sortBy)
  } ${dir} nulls last, a.starts_at ${dir}, a.id ${dir}
    limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
  `;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total ${appointmentJoins(sql)} ${where}
  `;
  return listPage(rows.map(withDisplay), total, params);
}
