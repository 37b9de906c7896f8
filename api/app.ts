import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { loadUser, requireAdmin, requireCsrf, requireUser } from "./auth/middleware.ts";
import { activityRoutes } from "./activity/routes.ts";
import { absenceRoutes } from "./absences/routes.ts";
import { appointmentRoutes } from "./appointments/routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { accountAdminRoutes, changePasswordRoutes } from "./accounts/routes.ts";
import {
  adminCalendarFeedRoutes,
  calendarFeedRoutes,
  myCalendarFeedRoutes,
} from "./calendar_feed/routes.ts";
import { myTutorialRoutes, startChecklistRoutes } from "./tutorial/routes.ts";
import { availabilityRoutes } from "./availability/routes.ts";
import { bulkDeleteRoutes } from "./bulk_delete/routes.ts";
import type { Config } from "./config.ts";
import type { Sql } from "../db/connection.ts";
import type { AppEnv } from "./env.ts";
import { AppError, errorBody } from "./lib/errors.ts";
import { inputGuard, isUpload } from "./lib/input_guard.ts";
import { securityHeaders } from "./lib/security_headers.ts";
import { peopleRoutes } from "./people/routes.ts";
import { plannerRoutes } from "./planner/routes.ts";
import { planDraftRoutes } from "./plan_draft/routes.ts";
import { passwordResetRoutes } from "./password_reset/routes.ts";
import { myNotificationRoutes, notificationAdminRoutes } from "./notifications/routes.ts";
import { myPushRoutes } from "./push/routes.ts";
import { scheduleRoutes } from "./schedule/routes.ts";
import { selfServiceRoutes } from "./self_service/routes.ts";
import { vehicleRoutes } from "./vehicles/routes.ts";
import { pickupPointRoutes } from "./pickup_points/routes.ts";
import { importRoutes } from "./imports/routes.ts";
import { schoolCalendarRoutes } from "./school_calendar/routes.ts";
import { questionnaireAdminRoutes, questionnairePublicRoutes } from "./questionnaires/routes.ts";

/** Builds the whole application around a database connection; tests call app.request(). */
/** German answers for the database's own data rules (sql/migrations/0020_data_rules.sql). */
const constraintAnswers: Record<string, string> = {
  vacation_periods_unique: "Diese Abwesenheit ist für diese Person bereits eingetragen.",
  special_dates_unique: "Diese Abwesenheit ist bereits eingetragen.",
  availabilities_available_unique: "Diese Verfügbarkeit ist bereits eingetragen.",
  appointments_student_role: "Als Fahrschüler eines Termins ist nur ein Fahrschüler möglich.",
  appointments_instructor_role: "Als Fahrlehrer eines Termins ist nur ein Fahrlehrer möglich.",
  users_role_in_appointments: "Die Rolle einer Person mit Terminen kann nicht geändert werden.",
  availabilities_end_after_start: "Die Endzeit muss nach der Anfangszeit liegen.",
};

/** The body limit as a German 413. */
function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(
        413,
        "payload_too_large",
        `Die Anfrage ist zu groß (höchstens ${Math.round(maxSize / 1024 / 1024)} MB).`,
      );
    },
  });
}

/**
 * The database cannot be reached or went away: postgres.js's connection errors, the socket's own
 * (refused, reset), and Postgres shutting down or starting up (SQLSTATE class 08, 57P01-57P03).
 */
function databaseUnreachable(err: unknown): boolean {
  const code = String((err as { code?: string })?.code ?? "");
  if (/^(CONNECT_TIMEOUT|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED)$/.test(code)) {
    return true;
  }
  if (/^(08...|57P0[123])$/.test(code)) return true;
  if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) return true;
  return err instanceof Deno.errors.ConnectionRefused ||
    err instanceof Deno.errors.ConnectionReset || err instanceof Deno.errors.BrokenPipe;
}

export function createApp(deps: { sql: Sql; config: Config; web?: Hono<AppEnv> }) {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders({ behindTls: deps.config.secureCookies }));
  // gzip for the app's JavaScript and the larger JSON lists (a phone on a bus counts every KB).
  app.use("*", compress());
  app.use("*", async (c, next) => {
    c.set("sql", deps.sql);
    c.set("config", deps.config);
    await next();
  });
  // Uploads get their larger limit only after the role check (below); every other body this one.
  app.use("/api/*", async (c, next) => {
    if (isUpload(c.req.raw)) return await next();
    return await limitBody(deps.config.maxBodyBytes)(c, next);
  });
  app.use("/api/*", loadUser());
  app.use("/api/*", requireCsrf());
  app.use("/api/*", inputGuard());
  app.use("/api/admin/*", requireAdmin());
  app.use("/api/admin/*", async (c, next) => {
    if (!isUpload(c.req.raw)) return await next();
    return await limitBody(deps.config.maxUploadBytes)(c, next);
  });
  app.use("/api/my-*", requireUser());

  app.route("/api", authRoutes);
  app.route("/api", changePasswordRoutes);
  app.route("/api", passwordResetRoutes);
  app.route("/api/admin", accountAdminRoutes);
  app.route("/api/admin", adminCalendarFeedRoutes);
  app.route("/api", myCalendarFeedRoutes);
  // Public: a calendar app fetches it without a session; the token in the path is the key.
  app.route("/api", calendarFeedRoutes);
  app.route("/api/admin", peopleRoutes);
  app.route("/api/admin", availabilityRoutes);
  app.route("/api/admin", vehicleRoutes);
  app.route("/api/admin", pickupPointRoutes);
  app.route("/api/admin", plannerRoutes);
  app.route("/api/admin", planDraftRoutes);
  app.route("/api/admin", notificationAdminRoutes);
  app.route("/api", myNotificationRoutes);
  app.route("/api", myPushRoutes);
  app.route("/api/admin", absenceRoutes);
  app.route("/api/admin", appointmentRoutes);
  app.route("/api/admin", scheduleRoutes);
  app.route("/api/admin", importRoutes);
  app.route("/api/admin", questionnaireAdminRoutes);
  app.route("/api/admin", schoolCalendarRoutes);
  app.route("/api/admin", bulkDeleteRoutes);
  app.route("/api/admin", activityRoutes);
  app.route("/api/admin", startChecklistRoutes);
  app.route("/api", myTutorialRoutes);
  // Public (no sign-in), rate-limited per address; CSRF applies as to every state change.
  app.route("/api", questionnairePublicRoutes);
  app.route("/api", selfServiceRoutes);

  app.all("/api/*", () => {
    throw new AppError(404, "not_found", "Diese Schnittstelle gibt es nicht.");
  });
  if (deps.web) app.route("/", deps.web);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 400
        ? "Die Anfrage ist ungültig."
        : "Die Anfrage konnte nicht bearbeitet werden.";
      return c.json(errorBody("http_error", message), status);
    }
    if (databaseUnreachable(err)) {
      console.error(`${c.req.method} ${c.req.path}: Datenbank nicht erreichbar:`, String(err));
      return c.json(
        errorBody(
          "database_unavailable",
          "Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.",
        ),
        503,
      );
    }
    const pgCode = (err as { code?: string }).code;
    if (pgCode === "23P01") {
      return c.json(
        errorBody("double_booking", "Dieser Termin überschneidet sich mit einem anderen Termin."),
        409,
      );
    }
    // Data rules of migration 0020 that a route did not check first: still a German 4xx.
    const constraint = (err as { constraint_name?: string }).constraint_name;
    if (pgCode === "23505" && constraintAnswers[constraint ?? ""]) {
      return c.json(errorBody("duplicate", constraintAnswers[constraint!]), 409);
    }
    if (pgCode === "23514" && constraintAnswers[constraint ?? ""]) {
      return c.json(errorBody("invalid", constraintAnswers[constraint!]), 400);
    }
    // A NUL byte that got past the input guard (e.g. inside an uploaded file): Postgres refuses it.
    if (pgCode === "22021" || pgCode === "22P05") {
      return c.json(
        errorBody("invalid_characters", "Die Eingabe enthält unzulässige Steuerzeichen."),
        400,
      );
    }
    console.error(`${c.req.method} ${c.req.path}:`, err);
    return c.json(
      errorBody(
        "internal_error",
        "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
      ),
      500,
    );
  });
  app.notFound((c) => c.json(errorBody("not_found", "Seite nicht gefunden."), 404));
  return app;
}
