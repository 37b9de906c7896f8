import type { Sql } from "../../db/connection.ts";
import { containsPattern, listPage, type ListParams } from "../lib/list_params.ts";
import {
  instructorFiguresJoin,
  plannedHoursJoin,
  remainingHoursSql,
  userRows,
} from "./user_rows.ts";

export type ListRole = "instructor" | "student" | null;

const commonSorts = [
  "username",
  "full_name",
  "name",
  "first_name",
  "last_name",
  "email",
  "is_active",
  "date_joined",
];

/** The sort_by values the user list accepts for a role. */
export function userSortKeys(role: ListRole): string[] {
  if (role === "student") return [...commonSorts, "license_class", "remaining_hours_total"];
  if (role === "instructor") return [...commonSorts, "week_hours", "today_appointments"];
  return commonSorts;
}

function sortExpression(sql: Sql, sortBy: string) {
  switch (sortBy) {
    case "full_name":
    case "name":
      return sql`u.name_sort`;
    case "first_name":
      return sql`lower(u.first_name)`;
    case "last_name":
      return sql`lower(u.last_name)`;
    case "email":
      return sql`lower(u.email)`;
    case "is_active":
      return sql`u.is_active`;
    case "date_joined":
      return sql`u.date_joined`;
    case "license_class":
      return sql`sp.license_class`;
    case "remaining_hours_total":
      return remainingHoursSql(sql);
    case "week_hours":
      return sql`figures.month_hours`;
    case "today_appointments":
      return sql`figures.today`;
    default:
      return sql`lower(u.username)`;
  }
}

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
  const direction = params.direction === "desc" ? sql`desc` : sql`asc`;
  // Count and page are separate, so the page can walk an index (users_role_username) in order
  // when no search narrows it; they run side by side on two pool connections.
  const [[{ total }], page] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from users u ${where}`,
    sql<{ id: number }[]>`
      select u.id::int
      from users u ${sortJoins}
      ${where}
      order by ${sortExpression(sql, params.sortBy)} ${direction}, lower(u.username) ${direction},
               u.id
      limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}
    `,
  ]);
  const ids = page.map((row) => row.id);
  return listPage(await userRows(sql, ids), total, params);
}
