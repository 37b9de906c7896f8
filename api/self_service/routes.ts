import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import { currentUser } from "../auth/middleware.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../lib/validate.ts";
import { schoolIso } from "../../common/time.ts";
import { appointmentTypeLabel } from "../../common/german_words.ts";
import {
  listAbsences,
  listAppointments,
  listAvailability,
  listSpecialDates,
  replaceAvailability,
  replaceSpecialDates,
} from "./queries.ts";
import {
  availabilityWriteSchema,
  specialDatesWriteSchema,
} from "../../common/contract/self_service.ts";
import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { versionedRead, versionedWrite } from "./versioned_write.ts";

/** Mounted under /api: the signed-in user's own /my-* data (ownership by session, never by id). */
export const selfServiceRoutes = new Hono<AppEnv>()
  .get("/my-availability/", (c) => versionedRead(c, "availability", listAvailability))
  .post("/my-availability/", validate("json", availabilityWriteSchema), async (c) => {
    const { availabilities } = c.req.valid("json");
    return await versionedWrite(c, {
      kind: "availability",
      body: availabilities,
      read: listAvailability,
      replace: (tx, userId) => replaceAvailability(tx, userId, availabilities),
      answer: (stored, version) => ({
        message: "Verfügbarkeit erfolgreich gespeichert",
        availabilities: stored,
        version,
      }),
    });
  })
  // The school's planned weekdays: which columns of the grid can be marked.
  .get("/my-planned-weekdays/", async (c) => {
    return c.json<AnswerOf<"GET /my-planned-weekdays/">>({
      planned_weekdays: await readPlannedWeekdays(c.get("sql")),
    });
  })
  .get("/my-special-dates/", (c) => versionedRead(c, "special_dates", listSpecialDates))
  .post("/my-special-dates/", validate("json", specialDatesWriteSchema), async (c) => {
    const { special_dates } = c.req.valid("json");
    return await versionedWrite(c, {
      kind: "special_dates",
      body: special_dates,
      read: listSpecialDates,
      replace: (tx, userId) => replaceSpecialDates(tx, userId, special_dates),
      answer: (stored, version) => ({
        message: "Urlaub/Abwesenheit erfolgreich gespeichert",
        special_dates: stored,
        version,
      }),
    });
  })
  .get("/my-appointments/", async (c) => {
    const user = currentUser(c);
    const rows = await listAppointments(c.get("sql"), user.id);
    return c.json<AnswerOf<"GET /my-appointments/">>(rows.map((row) => ({
      id: row.id,
      start_time: schoolIso(row.starts_at),
      end_time: schoolIso(row.ends_at),
      appointment_type: row.appointment_type,
      type_display: appointmentTypeLabel(row.appointment_type),
      title: row.title,
      transmission_type: row.transmission,
      status: row.status,
      cancel_reason: row.cancel_reason,
      instructor_name: row.instructor_name,
      student_name: row.student_name,
      vehicle: row.vehicle,
      pickup_point: row.pickup_point,
      pickup_address: row.pickup_address,
      in_own_absence: row.in_own_absence,
    })));
  })
  // The user's own absences, shown in the calendar beside the lessons (issue 25).
  .get("/my-absences/", async (c) => {
    const user = currentUser(c);
    return c.json<AnswerOf<"GET /my-absences/">>(await listAbsences(c.get("sql"), user.id));
  });
