import type { ActivityQuery } from "../../common/contract/admin_data.ts";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time_zone.ts";
import type { Db } from "../../db/connection.ts";
import { containsPattern } from "../lib/list_params.ts";

/** Lines on one page of the whole log. */
export const activityPageSize = 25;

/** How many months the log keeps a line (school_settings, migration 0140). */
export async function retentionMonths(sql: Db): Promise<number> {
  const [row] = await sql<{ months: number }[]>`
    select audit_retention_months as months from school_settings where id = 1
  `;
  return row?.months ?? 24;
}

/**
 * One page of the whole activity log, newest first, narrowed by day range (Berlin days), kind
 * and a text found in the line or its author (folded like the other lists' searches, so
 * "gross" finds "Groß").
 */
/**
 * Lines younger than the school's retention. The deletion runs at the next write; until then a
 * line past it stays in the table, and no read may show it.
 */
export function withinRetention(sql: Db) {
  return sql`created_at >= now() - make_interval(months => (
    select audit_retention_months from school_settings where id = 1))`;
}

export async function activityPage(
  sql: Db,
  query: ActivityQuery & { page: number },
): Promise<AnswerOf<"GET /admin/activity/all/">> {
  const conditions = [withinRetention(sql)];
  if (query.from) {
    conditions.push(
      sql`created_at >= (${query.from}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}`,
    );
  }
  if (query.to) {
    conditions.push(
      sql`created_at < (${query.to}::date + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE}`,
    );
  }
  if (query.action) {
    // A kind ("appointment") takes all its actions; a whole action only itself.
    conditions.push(
      query.action.includes(".")
        ? sql`action = ${query.action}`
        : sql`split_part(action, '.', 1) = ${query.action}`,
    );
  }
  const text = query.search?.trim();
  if (text) {
    const haystack = sql`summary || chr(31) || actor_name`;
    const pattern = containsPattern(text);
    conditions.push(sql`(fold_search(${haystack}) like fold_search(${pattern})
      or fold_search_umlauts(${haystack}) like fold_search_umlauts(${pattern}))`);
  }
  const where = conditions.reduce((all, next) => sql`${all} and ${next}`);
  const offset = (query.page - 1) * activityPageSize;
  const [rows, [{ total }], kinds, months] = await Promise.all([
    sql<{ id: number; summary: string; actor_name: string; action: string; created_at: Date }[]>`
      select id::int, summary, actor_name, action, created_at
        from audit_log
       where ${where}
       order by created_at desc, id desc
       limit ${activityPageSize} offset ${offset}
    `,
    sql<{ total: number }[]>`select count(*)::int as total from audit_log where ${where}`,
    sql<{ kind: string }[]>`
      select distinct split_part(action, '.', 1) as kind from audit_log order by 1
    `,
    retentionMonths(sql),
  ]);
  return {
    results: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    total,
    total_pages: Math.max(1, Math.ceil(total / activityPageSize)),
    page: query.page,
    page_size: activityPageSize,
    kinds: kinds.map((k) => k.kind),
    retention_months: months,
  };
}
