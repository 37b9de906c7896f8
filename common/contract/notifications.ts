import { z } from "zod";

/** Push messages refused for good in the last 7 days (a device that is gone is not counted). */
export const pushFailuresSchema = z.object({
  count: z.number(),
  /** the newest failure: the push service's HTTP status, null when it did not answer */
  last_status: z.number().nullable(),
  /** its answer as the delivery worker recorded it */
  last_error: z.string(),
  /** what the status means and what the school can do, in German */
  explanation: z.string(),
  /** when the newest failed message was queued (ISO 8601, UTC) */
  last_at: z.string(),
});
export type PushFailures = z.infer<typeof pushFailuresSchema>;

/** GET /admin/notification-status/: whether e-mail goes out, and what is stuck. */
export const notificationStatusSchema = z.object({
  /** SMTP_URL is set. */
  email_configured: z.boolean(),
  /** Messages waiting in the outbox (not yet sent, not given up, not expired). */
  waiting: z.number(),
  /** Addresses that refused a message for good, newest first (at most 20). */
  failed: z.array(z.object({
    name: z.string(),
    address: z.string(),
    error: z.string(),
    created_at: z.string(),
  })),
  /** Hours before a lesson its reminder goes out (school setting). */
  reminder_hours: z.number(),
  /** Devices that receive push messages (push needs no setup: keys are made at the first start). */
  push_devices: z.number(),
  /** Push messages that could not be delivered; null when none in the last 7 days. */
  push_failed: pushFailuresSchema.nullable(),
  /**
   * Messages of the last 30 days sent again after a worker died in the middle of sending them
   * (decision 0019): each may have reached its person twice.
   */
  uncertain_resends: z.number(),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** PUT /admin/notification-settings/: the school's reminder time. */
export const reminderSettingSchema = z.object({
  reminder_hours: z.number({ error: "Bitte geben Sie eine Stundenzahl an." })
    .int("Bitte geben Sie ganze Stunden an.")
    .min(1, "Die Erinnerung muss mindestens 1 Stunde vor dem Termin kommen.")
    .max(168, "Die Erinnerung darf höchstens 168 Stunden (eine Woche) vor dem Termin kommen."),
});

/** A person's choice of e-mails, per event (GET and PUT /my-notification-settings/). */
export const notificationPreferencesSchema = z.object({
  plan_published: z.boolean({ error: "Bitte wählen Sie ja oder nein." }),
  lesson_changed: z.boolean({ error: "Bitte wählen Sie ja oder nein." }),
  reminder: z.boolean({ error: "Bitte wählen Sie ja oder nein." }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT /my-notification-settings/: the e-mail choices, and per event the push choices (migration
 * 0080; left out: unchanged).
 */
export const notificationChoicesSchema = notificationPreferencesSchema.extend({
  push: notificationPreferencesSchema.optional(),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

/** The answer of GET/PUT /my-notification-settings/: the choices and what the page explains. */
export const myNotificationSettingsSchema = notificationPreferencesSchema.extend({
  /** the person's e-mail address ('' when none is stored: then nothing can be sent) */
  email: z.string(),
  email_configured: z.boolean(),
  reminder_hours: z.number(),
  /** The push choices per event (all on until the person chooses). */
  push: notificationPreferencesSchema,
  /** How many of the person's devices receive push messages. */
  push_devices: z.number(),
});
