import type { Sql } from "../../db/connection.ts";
import { containsPattern, listPage, pageSql } from "../lib/list_params.ts";
import type { SortColumns } from "../lib/list_params.ts";
import {
  type AppointmentQuery,
  type appointmentSortKeys,
} from "../../common/contract/list_queries.ts";
import type { ListPage } from "../../common/contract/list_page.ts";
import { fullNameSql, lastNameSortSql } from "../lib/person_name.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import {
  appointmentJoins,
  type AppointmentRow,
  appointmentSelect,
  appointmentTypeDisplaySql,
  withDisplay,
} from "./appointment_rows.ts";

type AppointmentSortKey = (typeof appointmentSortKeys)[number];

const sortColumns: SortColumns<AppointmentSortKey> = {
  start_time: (sql) => sql`a.starts_at`,
  // The wall-clock time of day, whatever the date: all 08:00 lessons together.
  time_of_day: (sql) => sql`(a.starts_at at time zone ${SCHOOL_TIME_ZONE})::time`,
  // By last name, as an office reads names (issue 25, point 6).
  student_name: (sql) => lastNameSortSql(sql, "s"),
  instructor_name: (sql) => lastNameSortSql(sql, "i"),
  appointment_type: (sql) => sql`lower(${appointmentTypeDisplaySql(sql)})`,
  vehicle: (sql) => sql`upper(v.name)`,
  status: (sql) => sql`a.status`,
  transmission_type: (sql) => sql`a.transmission`,
};

/**
 * The WHERE of the list and the exports (aliases of appointmentJoins). The search matches
 * student, instructor and vehicle folded on both sides (fold_search, migration 0010): "yilmaz"
 * finds "Yılmaz", "weiss" "Weiß", "mueller" and "muller" "Müller". `activeOnly` leaves cancelled
 * appointments out.
 */
export function appointmentWhere(
  sql: Sql,
  query: AppointmentQuery,
  options: { activeOnly?: boolean } = {},
) {
  const conditions = [];
  if (options.activeOnly) conditions.push(sql`a.status <> 'cancelled'`);
  if (query.search) {
    // chr(31) between the fields: a search cannot match across two of them.
    const haystack = sql`${fullNameSql(sql, "s")} || chr(31) || ${fullNameSql(sql, "i")}
                         || chr(31) || coalesce(v.name, '')`;
    const pattern = containsPattern(query.search);
    conditions.push(sql`(fold_search(${haystack}) like fold_search(${pattern})
      or fold_search_umlauts(${haystack}) like fold_search_umlauts(${pattern}))`);
  }
  // Days are Berlin days: a lesson at 00:30 on the 1st belongs to the 1st, not to the 31st.
  if (query.from) {
    conditions.push(
      sql`a.starts_at >= (${query.from}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}`,
    );
  }
  if (query.to) {
    conditions.push(
      sql`a.starts_at < (${query.to}::date + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE}`,
    );
  }
  if (!conditions.length) return sql``;
  return sql`where ${conditions.reduce((all, c) => sql`${all} and ${c}`)}`;
}

/** The list's ORDER BY; rows without a vehicle last in both directions, then start and id. */
export function appointmentOrder(sql: Sql, query: AppointmentQuery) {
  const { sortKey, direction: dir } = pageSql(sql, query, sortColumns);
  return sql`order by ${sortKey} ${dir} nulls last, a.starts_at ${dir}, a.id ${dir}`;
}

type RawRow = Omit<AppointmentRow, "appointment_type_display" | "type_display">;

/** One page of appointments with the paging figures the screen reads. */
export async function listAppointments(
  sql: Sql,
  query: AppointmentQuery,
): Promise<ListPage<AppointmentRow>> {
  const where = appointmentWhere(sql, query);
  const { window } = pageSql(sql, query, sortColumns);
  const rows = await sql<RawRow[]>`
    ${appointmentSelect(sql)}
    ${where}
    ${appointmentOrder(sql, query)}
    ${window}
  `;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total ${appointmentJoins(sql)} ${where}
  `;
  return listPage(rows.map(withDisplay), total, query);
}
