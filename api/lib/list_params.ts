import type postgres from "postgres";
import { z } from "zod";
import type { ListPage } from "../../common/contract/list_page.ts";
import type { Sql } from "../../db/connection.ts";

/** The checked query of a searched, sorted, paged admin list. */
export interface ListParams<Sort extends string = string> {
  search: string;
  sortBy: Sort;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** A whole number from 1 to `max`; empty or absent means `fallback`. */
function wholeNumber(message: string, fallback: number, max: number) {
  return z.string().trim().optional()
    .transform((value) => value || String(fallback))
    .pipe(
      z.string().regex(/^\d{1,6}$/, message).transform(Number)
        .pipe(z.number().min(1, message).max(max, message)),
    );
}

/**
 * The query schema of every admin list: search, sort_by (from a whitelist), sort_direction, page
 * and page_size, each with its German 400 message; empty values mean the defaults.
 */
export function listQuerySchema<const Sort extends string>(options: {
  sortKeys: readonly Sort[];
  defaultSort: NoInfer<Sort>;
  defaultDirection?: "asc" | "desc";
  defaultPageSize?: number;
  maxPageSize?: number;
}) {
  const { defaultPageSize = 20, maxPageSize = 100, defaultDirection = "asc" } = options;
  return z.object({
    page: wholeNumber("Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben.", 1, 999_999),
    page_size: wholeNumber(
      `Ungültige Seitengröße: Bitte eine ganze Zahl von 1 bis ${maxPageSize} angeben.`,
      defaultPageSize,
      maxPageSize,
    ),
    sort_by: z.string().trim().optional()
      .transform((value) => value || options.defaultSort)
      .pipe(z.enum(options.sortKeys as readonly [Sort, ...Sort[]], {
        error: (issue) => `Nach „${String(issue.input)}“ kann nicht sortiert werden.`,
      })),
    sort_direction: z.string().trim().toLowerCase().optional()
      .transform((value) => value || defaultDirection)
      .pipe(z.enum(["asc", "desc"], { error: "Die Sortierrichtung muss „asc“ oder „desc“ sein." })),
    search: z.string().trim()
      .max(100, "Der Suchbegriff darf höchstens 100 Zeichen lang sein.")
      .optional().transform((value) => value ?? ""),
  }).transform((query): ListParams<Sort> => ({
    search: query.search,
    sortBy: query.sort_by as Sort,
    direction: query.sort_direction,
    page: query.page,
    pageSize: query.page_size,
  }));
}

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
