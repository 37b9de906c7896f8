import type {
  AppointmentCancel,
  AppointmentChoices,
  AppointmentCreate,
  AppointmentDetail,
  AppointmentMove,
} from "./appointment_detail.ts";
import type { ActivityAnswer, BulkDeleteAnswer, BulkDeleteRequest } from "./admin_data.ts";
import type { AffectedAppointments } from "./affected.ts";
import type { AppointmentRow } from "./appointment_row.ts";
import type { DashboardStats } from "./dashboard_stats.ts";
import type { ImportPreview, ImportResult } from "./imports.ts";
import type { ListPage } from "./list_page.ts";
import type { MyAppointment } from "./my_appointment.ts";
import type { PlannerProgress } from "./planner_progress.ts";
import type { PlannerSettings, PlannerSettingsAnswer } from "./planner_settings.ts";
import type { AdminQuestionnaire, NewQuestionnaire, QuestionnaireList } from "./questionnaires.ts";
import type { Schedule } from "./schedule.ts";
import type { LoginAnswer, LoginRequest, SessionUser } from "./session.ts";
import type { SchoolCalendarAnswer, SchoolCalendarInput } from "./school_calendar.ts";
import type { StartChecklist, TutorialState, TutorialStateChange } from "./tutorial.ts";

/**
 * The calls whose payloads the contract fixes, by "METHOD /path/" under /api. The API types its
 * answers with AnswerOf and the web app calls them through `call()` in web/src/lib/api.ts, so a
 * payload changed on one side fails `deno check` on the other.
 */
export interface ContractRoutes {
  "GET /auth/current-user/": { answer: SessionUser };
  "POST /auth/login/": { body: LoginRequest; answer: LoginAnswer };
  // Guided tours finished or quit by the signed-in user, and the start checklist (issue 12).
  "GET /my-tutorials/": { answer: TutorialState };
  "PUT /my-tutorials/": { body: TutorialStateChange; answer: TutorialState };
  "GET /admin/start-checklist/": { answer: StartChecklist };
  "GET /admin/planner-progress/": { answer: PlannerProgress };
  "GET /admin/planner-settings/": { answer: PlannerSettingsAnswer };
  "PUT /admin/planner-settings/": { body: PlannerSettings; answer: PlannerSettingsAnswer };
  "GET /admin/appointments/": { answer: ListPage<AppointmentRow> };
  // One appointment by hand (issue 11); {id} is the appointment's id. A conflict answers 409
  // with code availability_conflict (may be sent again with override_availability: true),
  // double_booking or qualification_conflict.
  "GET /admin/appointments/choices/": { answer: AppointmentChoices };
  "GET /admin/appointments/{id}/": { answer: AppointmentDetail };
  "POST /admin/appointments/": { body: AppointmentCreate; answer: AppointmentDetail };
  "PATCH /admin/appointments/{id}/": { body: AppointmentMove; answer: AppointmentDetail };
  "POST /admin/appointments/{id}/cancel/": { body: AppointmentCancel; answer: AppointmentDetail };
  "DELETE /admin/appointments/{id}/": { answer: { message: string } };
  "GET /admin/school-calendar/": { answer: SchoolCalendarAnswer };
  "PUT /admin/school-calendar/": { body: SchoolCalendarInput; answer: SchoolCalendarAnswer };
  "GET /admin/stats/": { answer: DashboardStats };
  "GET /admin/affected-appointments/": { answer: AffectedAppointments };
  // ?from=&to= (school days, at most 31) and an optional &instructor_id=.
  "GET /admin/schedule/": { answer: Schedule };
  "GET /my-appointments/": { answer: MyAppointment[] };
  // The imports take the file as multipart field `file` (call's `form` option); `?preview=1`
  // answers what the import would do and writes nothing.
  "POST /admin/import/instructors/": { answer: ImportResult };
  "POST /admin/import/students/": { answer: ImportResult };
  "POST /admin/import/instructors/?preview=1": { answer: ImportPreview };
  "POST /admin/import/students/?preview=1": { answer: ImportPreview };
  "GET /admin/questionnaires/": { answer: QuestionnaireList };
  "POST /admin/questionnaires/create/": {
    body: NewQuestionnaire;
    answer: { questionnaire: AdminQuestionnaire };
  };
  "DELETE /admin/bulk-delete/appointments/": { body: BulkDeleteRequest; answer: BulkDeleteAnswer };
  "DELETE /admin/bulk-delete/students/": { body: BulkDeleteRequest; answer: BulkDeleteAnswer };
  "DELETE /admin/bulk-delete/instructors/": { body: BulkDeleteRequest; answer: BulkDeleteAnswer };
  "GET /admin/activity/": { answer: ActivityAnswer };
}

export type ContractRoute = keyof ContractRoutes;

/** The answer body of a contract call. */
export type AnswerOf<R extends ContractRoute> = ContractRoutes[R]["answer"];

/** The request body of a contract call (undefined for calls without one). */
export type BodyOf<R extends ContractRoute> = ContractRoutes[R] extends { body: infer B } ? B
  : undefined;
