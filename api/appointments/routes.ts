import { type Context, Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { appointmentsWorkbook, excelFileName } from "./excel_export.ts";
import { schoolDay } from "../../common/time.ts";
import { exportAppointments } from "./export_rows.ts";
import { appointmentsCalendar, icalFileName } from "./ical_export.ts";
import { appointmentChangeRoutes } from "./change_routes.ts";
import { freeSlotRoutes } from "./free_slot_routes.ts";
import { appointmentListSchema, listAppointments } from "./list_query.ts";
import { pdfFileName, weeklyPlansPdf } from "./pdf_export.ts";

function attachment(c: Context<AppEnv>, body: Uint8Array | string, fileName: string, type: string) {
  return c.body(body as Uint8Array<ArrayBuffer> | string, 200, {
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
  .get("/appointments/", validate("query", appointmentListSchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/appointments/">>(
      await listAppointments(c.get("sql"), c.req.valid("query")),
    );
  })
  // The exports take the list's query (search, from, to, sort) and hold exactly the rows the
  // list shows, all pages of them. Excel keeps cancelled ones with their status, as the list does.
  .get("/appointments/export/excel/", validate("query", appointmentListSchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: false,
    });
    return attachment(
      c,
      await appointmentsWorkbook(rows),
      excelFileName,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
  })
  // PDF: the weekly plans of the list's lessons that take place.
  .get("/appointments/export/pdf/", validate("query", appointmentListSchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: true,
    });
    return attachment(c, weeklyPlansPdf(rows, schoolDay()), pdfFileName, "application/pdf");
  })
  // iCal: the list's rows; cancelled ones as STATUS:CANCELLED (a calendar drops them on import).
  .get("/appointments/export/ical/", validate("query", appointmentListSchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: false,
    });
    return attachment(c, appointmentsCalendar(rows), icalFileName, "text/calendar; charset=utf-8");
  });
