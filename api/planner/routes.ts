import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import type { AppEnv } from "../env.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import { parseWith, validate } from "../lib/validate.ts";
import { runPlannerSchema } from "../../common/contract/small_answers.ts";
import { testDataPeopleIds } from "../imports/test_data_people.ts";
import { toProgress } from "./progress.ts";
import {
  cancelActiveJob,
  dismissFinishedJobs,
  insertQueuedJob,
  JobAlreadyActive,
  lastCompletedFullRun,
  latestVisibleJob,
} from "./queries.ts";
import {
  defaultPlannerSettings,
  plannerSettingsSchema,
  readStoredSettings,
} from "../../common/contract/planner_settings.ts";
import { dashboardStats } from "./stats.ts";
import { plannerEventStream } from "./event_stream.ts";

/** Mounted under /api/admin (admins only): planner runs, their progress, settings, statistics. */
export const plannerRoutes = new Hono<AppEnv>();

plannerRoutes.post("/run-planner/", async (c) => {
  // The body is optional: a start without one plans everyone.
  const raw = c.req.header("Content-Length") === "0" ? {} : await c.req.json().catch(() => ({}));
  const { scope = "all" } = parseWith(runPlannerSchema, raw);
  const sql = c.get("sql");
  let people: number[] | undefined;
  if (scope === "test_data") {
    people = await testDataPeopleIds(sql);
    if (people.length === 0) {
      throw new AppError(
        409,
        "no_test_data",
        "Es sind keine Testdaten vorhanden. Bitte importieren Sie zuerst das Testdaten-Paket.",
      );
    }
  }
  try {
    const id = await insertQueuedJob(sql, c.get("user"), "full", people);
    return c.json<AnswerOf<"POST /admin/run-planner/">>(
      {
        message: people
          ? "Planung der Testdaten gestartet. Ihre übrigen Fahrlehrer und Fahrschüler bleiben unberührt."
          : "Planung gestartet.",
        job_id: id,
      },
      202,
    );
  } catch (err) {
    if (err instanceof JobAlreadyActive) {
      throw new AppError(
        409,
        "planner_busy",
        "Es läuft bereits eine Planung. Bitte warten Sie, bis sie abgeschlossen ist.",
      );
    }
    throw err;
  }
});

plannerRoutes.get("/planner-progress/", async (c) => {
  return c.json<AnswerOf<"GET /admin/planner-progress/">>(
    toProgress(await latestVisibleJob(c.get("sql"))),
  );
});

plannerRoutes.get("/last-planner-run/", async (c) => {
  const job = await lastCompletedFullRun(c.get("sql"));
  return c.json<AnswerOf<"GET /admin/last-planner-run/">>({ run: job ? toProgress(job) : null });
});

// The same state as a push (server-sent events); the card polls the route above only without it.
plannerRoutes.get("/planner-events/", (c) => plannerEventStream(c));

plannerRoutes.post("/cancel-planner/", async (c) => {
  const id = await cancelActiveJob(c.get("sql"), c.get("user"));
  if (id === undefined) {
    throw new AppError(
      409,
      "planner_not_running",
      "Es läuft keine Planung, die abgebrochen werden könnte.",
    );
  }
  return c.json<AnswerOf<"POST /admin/cancel-planner/">>({
    message: "Die Planung wurde abgebrochen.",
    job_id: id,
  });
});

plannerRoutes.post("/reset-planner-progress/", async (c) => {
  const dismissed = await dismissFinishedJobs(c.get("sql"));
  return c.json<AnswerOf<"POST /admin/reset-planner-progress/">>({
    message: "Fortschritt zurückgesetzt.",
    dismissed,
  });
});

plannerRoutes.get("/planner-settings/", async (c) => {
  const [row] = await c.get("sql")`select settings, updated_at from planner_settings where id = 1`;
  return c.json<AnswerOf<"GET /admin/planner-settings/">>({
    settings: readStoredSettings(row?.settings),
    defaults: defaultPlannerSettings,
    updated_at: row?.updated_at ?? null,
  });
});

plannerRoutes.put("/planner-settings/", validate("json", plannerSettingsSchema), async (c) => {
  const settings = c.req.valid("json");
  const sql = c.get("sql");
  const row = await inTransaction(sql, async (tx) => {
    const [saved] = await tx`
      insert into planner_settings (id, settings) values (1, ${tx.json(settings)})
      on conflict (id) do update set settings = excluded.settings, updated_at = now()
      returning updated_at
    `;
    await recordAudit(
      tx,
      c.get("user"),
      "settings.planner",
      "Planungseinstellungen gespeichert",
      { settings },
    );
    return saved;
  });
  return c.json<AnswerOf<"PUT /admin/planner-settings/">>({
    settings,
    defaults: defaultPlannerSettings,
    updated_at: row.updated_at,
  });
});

plannerRoutes.get("/stats/", async (c) => {
  return c.json<AnswerOf<"GET /admin/stats/">>(await dashboardStats(c.get("sql")));
});
