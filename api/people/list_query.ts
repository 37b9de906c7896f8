import type { Sql } from "../../db/connection.ts";
import { invalid } from "./values.ts";
import {
  instructorFiguresJoin,
  plannedHoursJoin,
  remainingHoursSql,
  userRows,
} from "./user_rows.ts";

export type ListRole = "instructor" | "student" | null;

/** The checked query parameters of a paged, searched, sorted admin list. */
export interface PageParams {
  search: string;
  sortBy: string;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
}

export const maxPageSize = 100;

/**
 * Reads search, sort_by, sort_direction, page and page_size; bad values get a German 400.
 * `sortKeys` is the whitelist; an empty sort_by means the default.
 */
export function pageParams(
  query: Record<string, string | undefined>,
  sortKeys: readonly string[],
  defaultSort: string,
): PageParams {
  const page = positiveInteger(query.page, 1);
  if (page === null) throw invalid("Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben.");
  const pageSize = positiveInteger(query.page_size, 20);
  if (pageSize === null || pageSize > maxPageSize) {
    throw invalid(`Ungültige Seitengröße: Bitte eine ganze Zahl von 1 bis ${maxPageSize} angeben.`);
  }
  const sortBy = (query.sort_by ?? "").trim() || defaultSort;
  if (!sortKeys.includes(sortBy)) {
    throw invalid(`Nach „${sortBy}“ kann nicht sortiert werden.`);
  }
  const direction = (query.sort_direction ?? "").trim().toLowerCase() || "asc";
  if (direction !== "asc" && direction !== "desc") {
    throw invalid("Die Sortierrichtung muss „asc“ oder „desc“ sein.");
  }
  const search = (query.search ?? "").trim();
  if (search.length > 100) throw invalid("Der Suchbegriff darf höchstens 100 Zeichen lang sein.");
  return { search, sortBy, direction, page, pageSize };
}

function positiveInteger(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value.trim() === "") return fallback;
  if (!/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/** The paging figures every admin list answers. */
export function pageInfo(total: number, params: PageParams) {
  // An empty list still has one (empty) page, so "Seite 1 von 1" needs no special case.
  const totalPages = Math.max(1, Math.ceil(total / params.pageSize));
  return { total, total_pages: totalPages, page: params.page, page_size: params.pageSize };
}

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
export async function listUsers(sql: Sql, role: ListRole, params: PageParams) {
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
  const results = await userRows(sql, ids);
  return { results, ...pageInfo(total, params) };
}
