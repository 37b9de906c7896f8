import { z } from "zod";
import { exportRange, exportRangeTooWide } from "../../common/export_range.ts";
import { schoolDay } from "../../common/time.ts";
import { appointmentListSchema, type AppointmentQuery } from "./list_query.ts";

/** An export's query: the list's, with both ends of its range set and at most a year apart. */
export type ExportQuery = AppointmentQuery & { from: string; to: string };

/**
 * The query of the three exports (issue 24): the list's search, sort and range, the range closed
 * to at most a year (common/export_range.ts) so no request builds a file of every lesson ever.
 */
export const appointmentExportSchema = appointmentListSchema.transform(
  (query, ctx): ExportQuery => {
    const range = exportRange(query, schoolDay());
    if (!range) {
      ctx.addIssue({ code: "custom", message: exportRangeTooWide, path: ["to"] });
      return z.NEVER;
    }
    return { ...query, ...range };
  },
);
