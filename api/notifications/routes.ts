import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  notificationChoicesSchema,
  reminderSettingSchema,
} from "../../common/contract/notifications.ts";
import type { AppEnv } from "../env.ts";
import { currentUser } from "../auth/middleware.ts";
import { inTransaction, recordAudit } from "../lib/audit.ts";
import { validate } from "../lib/validate.ts";
import {
  outboxStatus,
  preferencesOf,
  pushDevices,
  reminderHours,
  savePreferences,
} from "./queries.ts";

/** Under /api/admin: whether e-mail goes out, what waits or failed, the reminder time. */
export const notificationAdminRoutes = new Hono<AppEnv>()
  .get("/notification-status/", async (c) => {
    const sql = c.get("sql");
    return c.json<AnswerOf<"GET /admin/notification-status/">>({
      email_configured: c.get("config").emailConfigured,
      reminder_hours: await reminderHours(sql),
      ...(await outboxStatus(sql)),
    });
  })
  .put("/notification-settings/", validate("json", reminderSettingSchema), async (c) => {
    const sql = c.get("sql");
    const { reminder_hours } = c.req.valid("json");
    await inTransaction(sql, async (tx) => {
      await tx`update school_settings set reminder_hours = ${reminder_hours} where id = 1`;
      await recordAudit(
        tx,
        currentUser(c),
        "settings.reminder",
        `Erinnerung vor Terminen: ${reminder_hours} Stunden`,
        { reminder_hours },
      );
    });
    return c.json<AnswerOf<"PUT /admin/notification-settings/">>({
      email_configured: c.get("config").emailConfigured,
      reminder_hours,
      ...(await outboxStatus(sql)),
    });
  });

/** Under /api (signed in): the person's own choice of e-mails. */
export const myNotificationRoutes = new Hono<AppEnv>()
  .get("/my-notification-settings/", async (c) => {
    const sql = c.get("sql");
    const user = currentUser(c);
    return c.json<AnswerOf<"GET /my-notification-settings/">>({
      ...(await preferencesOf(sql, user.id)),
      email: user.email,
      email_configured: c.get("config").emailConfigured,
      reminder_hours: await reminderHours(sql),
      push_devices: await pushDevices(sql, user.id),
    });
  })
  .put(
    "/my-notification-settings/",
    validate("json", notificationChoicesSchema),
    async (c) => {
      const sql = c.get("sql");
      const user = currentUser(c);
      await savePreferences(sql, user.id, c.req.valid("json"));
      return c.json<AnswerOf<"PUT /my-notification-settings/">>({
        ...(await preferencesOf(sql, user.id)),
        email: user.email,
        email_configured: c.get("config").emailConfigured,
        reminder_hours: await reminderHours(sql),
        push_devices: await pushDevices(sql, user.id),
      });
    },
  );
