import { type Context, Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { appointmentsWorkbookStream, excelFileName } from "./excel_export.ts";
import { schoolDay } from "../../common/time.ts";
import { exportAppointments } from "./export_rows.ts";
import {
  appointmentExportQuerySchema,
  appointmentListQuerySchema,
} from "../../common/contract/list_queries.ts";
import { appointmentsCalendarStream, icalFileName } from "./ical_export.ts";
import { appointmentChangeRoutes } from "./change_routes.ts";
import { freeSlotRoutes } from "./free_slot_routes.ts";
import { listAppointments } from "./list_query.ts";
import { pdfFileName, weeklyPlansPdf } from "./pdf_export.ts";

function attachment(
  c: Context<AppEnv>,
  body: Uint8Array | ReadableStream<Uint8Array>,
  fileName: string,
  type: string,
) {
  return c.body(body as Uint8Array<ArrayBuffer> | ReadableStream, 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    // Personal data: no shared cache may keep a copy.
    "Cache-Control": "no-store",
  });
}

/** Mounted under /api/admin (admins only): the appointments list, its exports and changes. */
export const appointmentRoutes = new Hono<AppEnv>()
  .route("/", appointmentChangeRoutes)
  .route("/", freeSlotRoutes)
  .get("/appointments/", validate("query", appointmentListQuerySchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/appointments/">>(
      await listAppointments(c.get("sql"), c.req.valid("query")),
    );
  })
  // The exports take the list's query (search, from, to, sort) and hold exactly the rows the
  // list shows, all pages of them, within at most a year (issue 24: appointmentExportQuerySchema). The rows
  // are read first, so a database failure is still a proper error answer; the files are then
  // streamed, written piece by piece between other requests.
  // Excel keeps cancelled ones with their status, as the list does.
  .get(
    "/appointments/export/excel/",
    validate("query", appointmentExportQuerySchema),
    async (c) => {
      const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
        activeOnly: false,
      });
      return attachment(
        c,
        appointmentsWorkbookStream(rows),
        excelFileName,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
    },
  )
  // PDF: the weekly plans of the list's lessons that take place.
  // jsPDF writes the file at once at its end; the pages before it are drawn between other
  // requests (weeklyPlansPdf yields after each page).
  .get("/appointments/export/pdf/", validate("query", appointmentExportQuerySchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: true,
    });
    const pdf = await weeklyPlansPdf(rows, schoolDay());
    return attachment(c, pdf, pdfFileName, "application/pdf");
  })
  // iCal: the list's rows; cancelled ones as STATUS:CANCELLED (a calendar drops them on import).
  .get("/appointments/export/ical/", validate("query", appointmentExportQuerySchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: false,
    });
    return attachment(
      c,
      appointmentsCalendarStream(rows),
      icalFileName,
      "text/calendar; charset=utf-8",
    );
  });
