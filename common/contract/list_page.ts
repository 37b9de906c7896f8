import { z } from "zod";

/** The paging figures every paged admin list answers beside its rows. */
export const pageFiguresSchema = z.object({
  total: z.number(),
  total_pages: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/** The answer of a paged admin list with rows of the given schema. */
export function listPageSchema<Row extends z.ZodType>(row: Row) {
  return pageFiguresSchema.extend({ results: z.array(row) });
}

/** One page of a paged admin list. */
export type ListPage<Row> = { results: Row[] } & z.infer<typeof pageFiguresSchema>;
