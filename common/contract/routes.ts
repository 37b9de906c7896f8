import type { AppointmentRow } from "./appointment_row.ts";
import type { DashboardStats } from "./dashboard_stats.ts";
import type { ImportPreview, ImportResult } from "./imports.ts";
import type { ListPage } from "./list_page.ts";
import type { MyAppointment } from "./my_appointment.ts";
import type { PlannerProgress } from "./planner_progress.ts";
import type { PlannerSettings, PlannerSettingsAnswer } from "./planner_settings.ts";
import type { AdminQuestionnaire, NewQuestionnaire, QuestionnaireList } from "./questionnaires.ts";
import type { LoginAnswer, LoginRequest, SessionUser } from "./session.ts";

/**
 * The calls whose payloads the contract fixes, by "METHOD /path/" under /api. The API types its
 * answers with AnswerOf and the web app calls them through `call()` in web/src/lib/api.ts, so a
 * payload changed on one side fails `deno check` on the other.
 */
export interface ContractRoutes {
  "GET /auth/current-user/": { answer: SessionUser };
  "POST /auth/login/": { body: LoginRequest; answer: LoginAnswer };
  "GET /admin/planner-progress/": { answer: PlannerProgress };
  "GET /admin/planner-settings/": { answer: PlannerSettingsAnswer };
  "PUT /admin/planner-settings/": { body: PlannerSettings; answer: PlannerSettingsAnswer };
  "GET /admin/appointments/": { answer: ListPage<AppointmentRow> };
  "GET /admin/stats/": { answer: DashboardStats };
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
}

export type ContractRoute = keyof ContractRoutes;

/** The answer body of a contract call. */
export type AnswerOf<R extends ContractRoute> = ContractRoutes[R]["answer"];

/** The request body of a contract call (undefined for calls without one). */
export type BodyOf<R extends ContractRoute> = ContractRoutes[R] extends { body: infer B } ? B
  : undefined;
