import { z } from "zod";

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

/** The German 400 of a sort_by value a list does not sort by. */
export const unknownSortMessage = (value: unknown) =>
  `Nach „${String(value)}“ kann nicht sortiert werden.`;

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
        error: (issue) => unknownSortMessage(issue.input),
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
