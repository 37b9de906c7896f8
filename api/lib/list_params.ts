import type postgres from "postgres";
import type { ListPage } from "../../common/contract/list_page.ts";
import type { ListParams } from "../../common/contract/list_query.ts";
import type { Sql } from "../../db/connection.ts";

// The query schemas live in the contract (common/contract/list_query.ts): the web client builds
// its queries from the same types.
export { type ListParams, listQuerySchema } from "../../common/contract/list_query.ts";

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}

/** A page of rows with the paging figures every admin list answers. */
export function listPage<Row>(results: Row[], total: number, params: ListParams): ListPage<Row> {
  // An empty list still has one (empty) page, so "Seite 1 von 1" needs no special case.
  const totalPages = Math.max(1, Math.ceil(total / params.pageSize));
  return { results, total, total_pages: totalPages, page: params.page, page_size: params.pageSize };
}

/** A list's ORDER BY expression per sort key; the first entry is the default. */
export type SortColumns<Sort extends string> = Record<
  Sort,
  (sql: Sql) => postgres.PendingQuery<postgres.Row[]>
>;

/** The requested page as SQL: the sort expression, its direction, and the LIMIT/OFFSET. */
export function pageSql<Sort extends string>(
  sql: Sql,
  params: ListParams<Sort>,
  columns: SortColumns<Sort>,
) {
  const column = columns[params.sortBy] ?? Object.values<SortColumns<Sort>[Sort]>(columns)[0];
  return {
    sortKey: column(sql),
    direction: params.direction === "desc" ? sql`desc` : sql`asc`,
    window: sql`limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`,
  };
}
