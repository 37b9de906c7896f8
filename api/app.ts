import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { loadUser, requireAdmin, requireCsrf, requireUser } from "./auth/middleware.ts";
import { appointmentRoutes } from "./appointments/routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { availabilityRoutes } from "./availability/routes.ts";
import type { Config } from "./config.ts";
import type { Sql } from "../db/connection.ts";
import type { AppEnv } from "./env.ts";
import { AppError, errorBody } from "./lib/errors.ts";
import { securityHeaders } from "./lib/security_headers.ts";
import { peopleRoutes } from "./people/routes.ts";
import { plannerRoutes } from "./planner/routes.ts";
import { selfServiceRoutes } from "./self_service/routes.ts";
import { vehicleRoutes } from "./vehicles/routes.ts";
import { importRoutes } from "./imports/routes.ts";
import { questionnaireAdminRoutes, questionnairePublicRoutes } from "./questionnaires/routes.ts";

/** Builds the whole application around a database connection; tests call app.request(). */
export function createApp(deps: { sql: Sql; config: Config; web?: Hono<AppEnv> }) {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders());
  // gzip for the app's JavaScript and the larger JSON lists (a phone on a bus counts every KB).
  app.use("*", compress());
  app.use("*", async (c, next) => {
    c.set("sql", deps.sql);
    c.set("config", deps.config);
    await next();
  });
  app.use("/api/*", async (c, next) => {
    const multipart = c.req.header("Content-Type")?.startsWith("multipart/form-data");
    const maxSize = multipart ? deps.config.maxUploadBytes : deps.config.maxBodyBytes;
    return await bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError(
          413,
          "payload_too_large",
          `Die Anfrage ist zu groß (höchstens ${Math.round(maxSize / 1024 / 1024)} MB).`,
        );
      },
    })(c, next);
  });
  app.use("/api/*", requireCsrf());
  app.use("/api/*", loadUser());
  app.use("/api/admin/*", requireAdmin());
  app.use("/api/my-*", requireUser());

  app.route("/api", authRoutes);
  app.route("/api/admin", peopleRoutes);
  app.route("/api/admin", availabilityRoutes);
  app.route("/api/admin", vehicleRoutes);
  app.route("/api/admin", plannerRoutes);
  app.route("/api/admin", appointmentRoutes);
  app.route("/api/admin", importRoutes);
  app.route("/api/admin", questionnaireAdminRoutes);
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
    const pgCode = (err as { code?: string }).code;
    if (pgCode === "23P01") {
      return c.json(
        errorBody("double_booking", "Dieser Termin überschneidet sich mit einem anderen Termin."),
        409,
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
