import { type Context, Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { appointmentsWorkbook, excelFileName } from "./excel_export.ts";
import { schoolDay } from "../../common/time.ts";
import { exportAppointments, exportRangeSchema } from "./export_rows.ts";
import { appointmentsCalendar, icalFileName } from "./ical_export.ts";
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

/** Mounted under /api/admin (admins only): the appointments list and its exports. */
export const appointmentRoutes = new Hono<AppEnv>()
  .get("/appointments/", validate("query", appointmentListSchema), async (c) => {
    return c.json<AnswerOf<"GET /admin/appointments/">>(
      await listAppointments(c.get("sql"), c.req.valid("query")),
    );
  })
  // Excel: every appointment of the range (all of them without one), cancelled ones included
  // with their status, so the office has the complete record.
  .get("/appointments/export/excel/", validate("query", exportRangeSchema), async (c) => {
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
  // PDF: the weekly plans of the coming lessons (from today unless ?from= says otherwise).
  .get("/appointments/export/pdf/", validate("query", exportRangeSchema), async (c) => {
    const range = c.req.valid("query");
    const today = schoolDay();
    const rows = await exportAppointments(
      c.get("sql"),
      { from: range.from ?? today, to: range.to },
      { activeOnly: true },
    );
    return attachment(c, weeklyPlansPdf(rows, today), pdfFileName, "application/pdf");
  })
  // iCal: every lesson that takes place (cancelled ones are not sent to calendars).
  .get("/appointments/export/ical/", validate("query", exportRangeSchema), async (c) => {
    const rows = await exportAppointments(c.get("sql"), c.req.valid("query"), {
      activeOnly: true,
    });
    return attachment(c, appointmentsCalendar(rows), icalFileName, "text/calendar; charset=utf-8");
  });
