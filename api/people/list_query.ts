import type { Sql } from "../../db/connection.ts";
import { containsPattern, listPage, pageSql } from "../lib/list_params.ts";
import type { ListParams, SortColumns } from "../lib/list_params.ts";
import {
  instructorFiguresJoin,
  plannedHoursJoin,
  remainingHoursSql,
  userRows,
} from "./user_rows.ts";

export type ListRole = "instructor" | "student" | null;

const sortColumns: SortColumns<string> = {
  username: (sql) => sql`lower(u.username)`,
  full_name: (sql) => sql`u.name_sort`,
  name: (sql) => sql`u.name_sort`,
  first_name: (sql) => sql`lower(u.first_name)`,
  last_name: (sql) => sql`lower(u.last_name)`,
  email: (sql) => sql`lower(u.email)`,
  is_active: (sql) => sql`u.is_active`,
  date_joined: (sql) => sql`u.date_joined`,
  license_class: (sql) => sql`sp.license_class`,
  remaining_hours_total: remainingHoursSql,
  week_hours: (sql) => sql`figures.month_hours`,
  today_appointments: (sql) => sql`figures.today`,
};

/**
 * One page of instructors or students. Matching and sorting run on the users table alone (plus
 * the one figure a sort needs); the expensive per-row figures are computed only for the page.
 */
export async function listUsers(sql: Sql, role: ListRole, params: ListParams) {
  const where = sql`
    where ${role ? sql`u.role = ${role}` : sql`u.role in ('instructor', 'student')`}
    ${params.search ? sql`and u.search_text like ${containsPattern(params.search)}` : sql``}
  `;
  const sortJoins = params.sortBy === "license_class" || params.sortBy === "remaining_hours_total"
    ? sql`left join student_profiles sp on sp.user_id = u.id ${
      params.sortBy === "remaining_hours_total" ? plannedHoursJoin(sql) : sql``
    }`
    : params.sortBy === "week_hours" || params.sortBy === "today_appointments"
    ? instructorFiguresJoin(sql)
    : sql``;
  const { sortKey, direction, window } = pageSql(sql, params, sortColumns);
  // Count and page are separate, so the page can walk an index (users_role_username) in order
  // when no search narrows it; they run side by side on two pool connections.
  const [[{ total }], page] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from users u ${where}`,
    sql<{ id: number }[]>`
      select u.id::int
      from users u ${sortJoins}
      ${where}
      order by ${sortKey} ${direction}, lower(u.username) ${direction}, u.id
      ${window}
    `,
  ]);
  const ids = page.map((row) => row.id);
  return listPage(await userRows(sql, ids), total, params);
}
