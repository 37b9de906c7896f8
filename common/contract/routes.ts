import { z } from "zod";
import {
  activityAnswerSchema,
  activityPageSchema,
  activityQuerySchema,
  activityRetentionSchema,
  bulkDeleteAnswerSchema,
  bulkDeleteSchema,
  testDataDeleteSchema,
} from "./admin_data.ts";
import {
  affectedAppointmentsSchema,
  sickNoteCreatedSchema,
  sickNoteListSchema,
  sickNoteRequestSchema,
} from "./affected.ts";
import { replanAcceptSchema, replanOutcomeSchema } from "./affected.ts";
import {
  appointmentCancelSchema,
  appointmentChoicesSchema,
  appointmentCreateSchema,
  appointmentDetailSchema,
  appointmentMoveSchema,
} from "./appointment_detail.ts";
import { appointmentRowSchema } from "./appointment_row.ts";
import { availabilityListRowSchema } from "./availability_row.ts";
import { dashboardStatsSchema } from "./dashboard_stats.ts";
import { importPreviewSchema, importResultSchema } from "./imports.ts";
import { listPageSchema } from "./list_page.ts";
import { myAbsenceSchema, myAppointmentSchema } from "./my_appointment.ts";
import {
  createdPersonSchema,
  instructorPayloadSchema,
  personUpdateSchema,
  studentCreateSchema,
  userDetailSchema,
  userRowSchema,
  userUpdatedSchema,
} from "./people.ts";
import { lastRunSchema, plannerProgressSchema } from "./planner_progress.ts";
import {
  myNotificationSettingsSchema,
  notificationChoicesSchema,
  notificationStatusSchema,
  reminderSettingSchema,
} from "./notifications.ts";
import {
  pushKeySchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "./push.ts";
import { discardAnswerSchema, planDraftSchema, publishAnswerSchema } from "./plan_draft.ts";
import { plannerSettingsAnswerSchema, plannerSettingsSchema } from "./planner_settings.ts";
import { answersSchema, createSchema } from "./questionnaire_requests.ts";
import {
  approvalSchema,
  publicQuestionnaireSchema,
  questionnaireAnswerSchema,
  questionnaireListSchema,
  questionnaireSavedSchema,
  submittedSchema,
} from "./questionnaires.ts";
import { scheduleAvailabilitySchema, scheduleQuerySchema, scheduleSchema } from "./schedule.ts";
import {
  closingDaySchema,
  plannedWeekdaysSchema,
  schoolCalendarAnswerSchema,
  schoolCalendarSchema,
} from "./school_calendar.ts";
import {
  adminSpecialDateSchema,
  availabilityWriteSchema,
  specialDatesWriteSchema,
} from "./self_service.ts";
import {
  activeAnswerSchema,
  calendarFeedSchema,
  changePasswordSchema,
  loginAnswerSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetInfoSchema,
  passwordResetRequestSchema,
  resetPasswordAnswerSchema,
  sessionUserSchema,
} from "./session.ts";
import {
  absenceAddedSchema,
  availabilityImportSchema,
  availabilitySavedSchema,
  csrfAnswerSchema,
  type FileAnswer,
  fileAnswer,
  gridHourSchema,
  jobAnswerSchema,
  messageSchema,
  progressResetSchema,
  runPlannerSchema,
  specialDateListSchema,
  specialDateRowSchema,
  specialDatesSavedSchema,
  testDataCountsSchema,
  userAvailabilitiesSchema,
} from "./small_answers.ts";
import {
  startChecklistSchema,
  tutorialStateChangeSchema,
  tutorialStateSchema,
} from "./tutorial.ts";
import {
  vehicleDeletedSchema,
  vehicleListSchema,
  vehicleSavedSchema,
  vehicleSchema,
} from "./vehicles.ts";

import { pickupPointListSchema, pickupPointSchema } from "./pickup_points.ts";
import { freeSlotsAnswerSchema, freeSlotsQuerySchema } from "./free_slots.ts";
import {
  appointmentExportQuerySchema,
  appointmentListQuerySchema,
  availabilityListQuerySchema,
  specialDatesQuerySchema,
  userListQuerySchema,
  vehicleDeleteQuerySchema,
  vehicleListQuerySchema,
} from "./list_queries.ts";

const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * What the contract fixes of one route: the JSON body it takes, its query parameters (a route
 * without `query` reads none) and the answer it gives.
 */
export interface RouteSpec {
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType | FileAnswer;
}

/**
 * Every route of the API, by "METHOD /path/" under /api ({id} and {token} are path parameters).
 * The API validates each JSON body with `body` and each query with `query`, and its tests
 * parse each 2xx answer with `answer` (api/testing/test_app.ts); the web app calls the routes
 * through `call()` in web/src/lib/api.ts with the types inferred from here, so a payload changed
 * on one side fails the other side's checks. api/contract_routes.test.ts compares this list
 * with the app's routes.
 */
export const contractRoutes = {
  // Sign-in (spec 01 §3).
  "GET /csrf/": { answer: csrfAnswerSchema },
  "GET /auth/current-user/": { answer: sessionUserSchema },
  "POST /auth/login/": { body: loginSchema, answer: loginAnswerSchema },
  "POST /auth/logout/": { answer: messageSchema },
  // Accounts (issue 23): one's own password; the office's reset, deactivate and activate.
  "POST /auth/change-password/": { body: changePasswordSchema, answer: messageSchema },
  // "Passwort vergessen?": whether a link can be sent, the request (the same answer whether the
  // address exists or not) and the new password with the link's token.
  "GET /auth/password-reset/": { answer: passwordResetInfoSchema },
  "POST /auth/password-reset/": { body: passwordResetRequestSchema, answer: messageSchema },
  "POST /auth/password-reset/confirm/": {
    body: passwordResetConfirmSchema,
    answer: messageSchema,
  },
  "POST /admin/users/{id}/reset-password/": { answer: resetPasswordAnswerSchema },
  "POST /admin/users/{id}/deactivate/": { answer: activeAnswerSchema },
  "POST /admin/users/{id}/activate/": { answer: activeAnswerSchema },
  // The private calendar subscription (issue 23): the own address, a new one, the office's view
  // of a person's, and the feed itself ({token} is the address's secret; no session needed).
  "GET /my-calendar-feed/": { answer: calendarFeedSchema },
  "POST /my-calendar-feed/renew/": { answer: calendarFeedSchema },
  "GET /admin/users/{id}/calendar-feed/": { answer: calendarFeedSchema },
  "GET /calendar/{token}": { answer: fileAnswer("text/calendar") },
  // People (spec 02 §3): ?role=instructor|student plus the list parameters.
  "GET /admin/users/": { query: userListQuerySchema, answer: listPageSchema(userRowSchema) },
  "GET /admin/users/{id}/": { answer: userDetailSchema },
  "PUT /admin/users/{id}/": { body: personUpdateSchema, answer: userUpdatedSchema },
  "DELETE /admin/users/{id}/delete/": { answer: messageSchema },
  "POST /admin/instructors/create-manual/": {
    body: instructorPayloadSchema,
    answer: createdPersonSchema,
  },
  "POST /admin/students/create-manual/": { body: studentCreateSchema, answer: createdPersonSchema },
  // Availabilities and absences of people (spec 02 §5); ?user={id} lists one person's rows.
  "GET /admin/availabilities/": {
    query: availabilityListQuerySchema,
    answer: z.union([listPageSchema(availabilityListRowSchema), userAvailabilitiesSchema]),
  },
  "GET /admin/special-dates/": { query: specialDatesQuerySchema, answer: specialDateListSchema },
  "POST /admin/special-dates/": { body: adminSpecialDateSchema, answer: absenceAddedSchema },
  "DELETE /admin/special-dates/{id}/": { answer: messageSchema },
  // CSV as multipart field `file`.
  "POST /admin/availabilities/import/": { answer: availabilityImportSchema },
  // Vehicles; DELETE takes ?reassign_to={id} for the vehicle that takes over future lessons.
  // The school's pickup points (issue 22); every change answers the new list.
  "GET /admin/pickup-points/": { answer: pickupPointListSchema },
  "POST /admin/pickup-points/": { body: pickupPointSchema, answer: pickupPointListSchema },
  "PUT /admin/pickup-points/{id}/": { body: pickupPointSchema, answer: pickupPointListSchema },
  "DELETE /admin/pickup-points/{id}/": { answer: pickupPointListSchema },
  "GET /admin/vehicles/": { query: vehicleListQuerySchema, answer: vehicleListSchema },
  "POST /admin/vehicles/add/": { body: vehicleSchema, answer: vehicleSavedSchema },
  "PUT /admin/vehicles/{id}/": { body: vehicleSchema, answer: vehicleSavedSchema },
  "DELETE /admin/vehicles/{id}/": { query: vehicleDeleteQuerySchema, answer: vehicleDeletedSchema },
  // The planner.
  "POST /admin/run-planner/": { body: runPlannerSchema, answer: jobAnswerSchema },
  "GET /admin/planner-progress/": { answer: plannerProgressSchema },
  // The last full run's result and reasons, after a reload too (issue 25).
  "GET /admin/last-planner-run/": { answer: lastRunSchema },
  "GET /admin/planner-events/": { answer: fileAnswer("text/event-stream") },
  "POST /admin/cancel-planner/": { answer: jobAnswerSchema },
  "POST /admin/reset-planner-progress/": { answer: progressResetSchema },
  "GET /admin/planner-settings/": { answer: plannerSettingsAnswerSchema },
  "PUT /admin/planner-settings/": {
    body: plannerSettingsSchema,
    answer: plannerSettingsAnswerSchema,
  },
  "GET /admin/stats/": { answer: dashboardStatsSchema },
  // A full run's lessons are a draft (pending) until the office publishes or discards them.
  "GET /admin/plan-draft/": { answer: planDraftSchema },
  "POST /admin/publish-plan/": { answer: publishAnswerSchema },
  "POST /admin/discard-plan/": { answer: discardAnswerSchema },
  // E-mail notifications (issue 23): the office's view of the outbox and the reminder time, and
  // each person's own choice of e-mails.
  "GET /admin/notification-status/": { answer: notificationStatusSchema },
  "PUT /admin/notification-settings/": {
    body: reminderSettingSchema,
    answer: notificationStatusSchema,
  },
  "GET /my-notification-settings/": { answer: myNotificationSettingsSchema },
  "PUT /my-notification-settings/": {
    body: notificationChoicesSchema,
    answer: myNotificationSettingsSchema,
  },
  // Web Push (issue 23): the school's public key for PushManager.subscribe, and the signed-in
  // person's devices. Only the person's own: remove forgets a device only if it is theirs.
  "GET /my-push-subscriptions/key/": { answer: pushKeySchema },
  "POST /my-push-subscriptions/": {
    body: pushSubscriptionSchema,
    answer: pushSubscriptionAnswerSchema,
  },
  "POST /my-push-subscriptions/remove/": {
    body: pushUnsubscribeSchema,
    answer: pushSubscriptionAnswerSchema,
  },
  // Absences that hit appointments (issue 11); {id} of sick-notes is the instructor's.
  "GET /admin/affected-appointments/": { answer: affectedAppointmentsSchema },
  "GET /admin/instructors/{id}/sick-notes/": { answer: sickNoteListSchema },
  "POST /admin/instructors/{id}/sick-note/": {
    body: sickNoteRequestSchema,
    answer: sickNoteCreatedSchema,
  },
  "DELETE /admin/sick-notes/{id}/": { answer: messageSchema },
  "POST /admin/replan-affected/": { answer: jobAnswerSchema },
  // Accepting a re-planning's proposal ({id}: the job), without the lessons left out (issue 25.3).
  "POST /admin/replan-affected/{id}/accept/": {
    body: replanAcceptSchema,
    answer: replanOutcomeSchema,
  },
  // One appointment by hand (issue 11); {id} is the appointment's id. A conflict answers 409
  // with code availability_conflict (may be sent again with override_availability: true),
  // double_booking or qualification_conflict.
  "GET /admin/appointments/choices/": { answer: appointmentChoicesSchema },
  "POST /admin/appointments/": { body: appointmentCreateSchema, answer: appointmentDetailSchema },
  "GET /admin/appointments/{id}/": { answer: appointmentDetailSchema },
  // The next free slots for a student (issue 25.5); query student, kind, from, minutes,
  // transmission, appointment (a move), limit.
  "GET /admin/free-slots/": { query: freeSlotsQuerySchema, answer: freeSlotsAnswerSchema },
  "PATCH /admin/appointments/{id}/": {
    body: appointmentMoveSchema,
    answer: appointmentDetailSchema,
  },
  "POST /admin/appointments/{id}/cancel/": {
    body: appointmentCancelSchema,
    answer: appointmentDetailSchema,
  },
  "DELETE /admin/appointments/{id}/": { answer: messageSchema },
  // The list and its exports take the same filters and sort as query parameters.
  "GET /admin/appointments/": {
    query: appointmentListQuerySchema,
    answer: listPageSchema(appointmentRowSchema),
  },
  "GET /admin/appointments/export/excel/": {
    query: appointmentExportQuerySchema,
    answer: fileAnswer(xlsx),
  },
  "GET /admin/appointments/export/pdf/": {
    query: appointmentExportQuerySchema,
    answer: fileAnswer("application/pdf"),
  },
  "GET /admin/appointments/export/ical/": {
    query: appointmentExportQuerySchema,
    answer: fileAnswer("text/calendar"),
  },
  // ?from=&to= (school days, at most 31) and an optional &instructor_id=.
  "GET /admin/schedule/": { query: scheduleQuerySchema, answer: scheduleSchema },
  // The same query: each instructor's working hours, absences and blocks per day.
  "GET /admin/schedule/availability/": {
    query: scheduleQuerySchema,
    answer: scheduleAvailabilitySchema,
  },
  // Downloads of the import templates, the test data and the tutorial (spec 01 §9).
  "GET /admin/download/fahrlehrer-vorlage/": { answer: fileAnswer(xlsx) },
  "GET /admin/download/schueler-vorlage/": { answer: fileAnswer(xlsx) },
  "GET /admin/download/testdaten/": { answer: fileAnswer("application/zip") },
  "GET /admin/download/tutorial/": { answer: fileAnswer(docx) },
  // The imports take the file as multipart field `file` (call's `form` option); `?preview=1`
  // answers what the import would do and writes nothing.
  "POST /admin/import/instructors/": { answer: importResultSchema },
  "POST /admin/import/students/": { answer: importResultSchema },
  "POST /admin/import/instructors/?preview=1": { answer: importPreviewSchema },
  "POST /admin/import/students/?preview=1": { answer: importPreviewSchema },
  // Questionnaires (spec 02 §3): the admin's side, then the public link.
  "POST /admin/questionnaires/create/": { body: createSchema, answer: questionnaireAnswerSchema },
  "GET /admin/questionnaires/": { answer: questionnaireListSchema },
  "GET /admin/questionnaires/{id}/": { answer: questionnaireAnswerSchema },
  "PUT /admin/questionnaires/{id}/": { body: answersSchema, answer: questionnaireSavedSchema },
  "POST /admin/questionnaires/{id}/approve/": { answer: approvalSchema },
  "GET /fragebogen/{token}/": { answer: publicQuestionnaireSchema },
  "POST /fragebogen/{token}/": { body: answersSchema, answer: submittedSchema },
  // The school's calendar and planned weekdays.
  "GET /admin/school-calendar/": { answer: schoolCalendarAnswerSchema },
  "PUT /admin/school-calendar/": { body: schoolCalendarSchema, answer: schoolCalendarAnswerSchema },
  // The school's own closing days (issue 25, point 2); both answer the whole calendar.
  "POST /admin/school-calendar/closing-days/": {
    body: closingDaySchema,
    answer: schoolCalendarAnswerSchema,
  },
  "DELETE /admin/school-calendar/closing-days/{id}/": { answer: schoolCalendarAnswerSchema },
  "GET /admin/planned-weekdays/": { answer: plannedWeekdaysSchema },
  "PUT /admin/planned-weekdays/": { body: plannedWeekdaysSchema, answer: plannedWeekdaysSchema },
  // Data management.
  "DELETE /admin/bulk-delete/appointments/": {
    body: bulkDeleteSchema,
    answer: bulkDeleteAnswerSchema,
  },
  "DELETE /admin/bulk-delete/students/": { body: bulkDeleteSchema, answer: bulkDeleteAnswerSchema },
  "DELETE /admin/bulk-delete/instructors/": {
    body: bulkDeleteSchema,
    answer: bulkDeleteAnswerSchema,
  },
  "DELETE /admin/bulk-delete/test-data/": {
    body: testDataDeleteSchema,
    answer: bulkDeleteAnswerSchema,
  },
  // How many test-data people and real people there are (the admin tour's planning step).
  "GET /admin/test-data/": { answer: testDataCountsSchema },
  "GET /admin/activity/": { answer: activityAnswerSchema },
  // The whole log, paged; query page, from, to, action, search (issue 25, point 10).
  "GET /admin/activity/all/": { query: activityQuerySchema, answer: activityPageSchema },
  "PUT /admin/activity/retention/": {
    body: activityRetentionSchema,
    answer: activityRetentionSchema,
  },
  // Guided tours finished or quit by the signed-in user, and the start checklist (issue 12).
  "GET /admin/start-checklist/": { answer: startChecklistSchema },
  // The rules screen was opened: ticks "Regeln prüfen" (issue 25).
  "POST /admin/rules-reviewed/": { answer: messageSchema },
  "GET /my-tutorials/": { answer: tutorialStateSchema },
  "PUT /my-tutorials/": { body: tutorialStateChangeSchema, answer: tutorialStateSchema },
  // Self-service of the signed-in instructor or student; the writes take If-Match (ETag).
  "GET /my-availability/": { answer: z.array(gridHourSchema) },
  "POST /my-availability/": { body: availabilityWriteSchema, answer: availabilitySavedSchema },
  "GET /my-planned-weekdays/": { answer: plannedWeekdaysSchema },
  "GET /my-special-dates/": { answer: z.array(specialDateRowSchema) },
  "POST /my-special-dates/": { body: specialDatesWriteSchema, answer: specialDatesSavedSchema },
  "GET /my-appointments/": { answer: z.array(myAppointmentSchema) },
  "GET /my-absences/": { answer: z.array(myAbsenceSchema) },
} as const satisfies Record<string, RouteSpec>;

type Routes = typeof contractRoutes;
export type ContractRoute = keyof Routes;

/** The answer body of a contract call (a Blob for file answers). */
export type AnswerOf<R extends ContractRoute> = Routes[R]["answer"] extends z.ZodType
  ? z.output<Routes[R]["answer"]>
  : Blob;

/** The request body of a contract call (undefined for calls without one). */
export type BodyOf<R extends ContractRoute> = Routes[R] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;

/** A query value as the typed client sends it: the schema's own literals where it has them. */
type QueryValue<V> = unknown extends V ? string | number | boolean | null
  : string extends V ? string | number | boolean | null
  : Exclude<V, undefined> | null;

/**
 * The query parameters of a contract call, from the route's `query` schema: only the names the
 * server reads (never for routes without a query), each optional (the server has the defaults).
 */
export type QueryOf<R extends ContractRoute> = Routes[R] extends
  { query: infer Q extends z.ZodType } ? { [K in keyof z.input<Q>]?: QueryValue<z.input<Q>[K]> }
  : never;
