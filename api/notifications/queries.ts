/** What the office and each person see of the notification outbox and the e-mail choices. */
import type { Db } from "../../db/connection.ts";
import type {
  NotificationChoices,
  NotificationPreferences,
  NotificationStatus,
} from "../../common/contract/notifications.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { pushFailures } from "./push_failures.ts";

/** The school's reminder time in hours before a lesson. */
export async function reminderHours(db: Db): Promise<number> {
  const [row] = await db<{ hours: number }[]>`
    select reminder_hours as hours from school_settings where id = 1
  `;
  return row?.hours ?? 24;
}

/**
 * The outbox as the office sees it: waiting messages, refused addresses, and messages that may have
 * gone out twice.
 */
export async function outboxStatus(
  db: Db,
): Promise<Omit<NotificationStatus, "email_configured" | "reminder_hours">> {
  // E-mails only: they are what waits without SMTP_URL, and a refused address is what the office
  // can fix. A push message to a device that is gone fixes itself (the device is removed); other
  // push refusals are counted apart (push_failed): no address to fix, but a key or a setting.
  // uncertain_resends: both channels, over the 30 days the refused addresses are shown for.
  const [{ waiting, push_devices, uncertain_resends }] = await db<
    { waiting: number; push_devices: number; uncertain_resends: number }[]
  >`
    select (select count(*)::int from notification_outbox
             where status in ('waiting', 'sending') and channel = 'email'
               and (expires_at is null or expires_at > now())) as waiting,
           (select count(*)::int from push_subscriptions) as push_devices,
           (select coalesce(sum(uncertain_resends), 0)::int from notification_outbox
             where uncertain_resends > 0 and created_at > now() - interval '30 days')
             as uncertain_resends
  `;
  // One line per refused address (its newest refusal): the office fixes the address once.
  const failed = await db<NotificationStatus["failed"]>`
    select distinct on (lower(o.address))
           coalesce(${fullNameSql(db, "u")}, '') as name, o.address,
           coalesce(o.last_error, '') as error, o.created_at::text as created_at
      from notification_outbox o left join users u on u.id = o.user_id
     where o.status = 'failed' and o.channel = 'email' and o.created_at > now() - interval '30 days'
     order by lower(o.address), o.created_at desc
  `;
  return {
    waiting,
    push_devices,
    failed: [...failed].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 20),
    push_failed: await pushFailures(db),
    uncertain_resends,
  };
}

const allOn: NotificationPreferences = {
  plan_published: true,
  lesson_changed: true,
  reminder: true,
};

/** A person's e-mail and push choices; everything on when they never chose. */
export async function preferencesOf(
  db: Db,
  userId: number,
): Promise<Required<NotificationChoices>> {
  const [row] = await db<(NotificationPreferences & { push: NotificationPreferences })[]>`
    select plan_published, lesson_changed, reminder,
           json_build_object('plan_published', push_plan_published,
                             'lesson_changed', push_lesson_changed,
                             'reminder', push_reminder) as push
      from notification_preferences
     where user_id = ${userId}
  `;
  return row ?? { ...allOn, push: allOn };
}

/** Stores a person's choices; push choices left out stay as they were. */
export async function savePreferences(
  db: Db,
  userId: number,
  p: NotificationChoices,
): Promise<void> {
  const push = p.push ?? (await preferencesOf(db, userId)).push;
  await db`
    insert into notification_preferences (user_id, plan_published, lesson_changed, reminder,
                                          push_plan_published, push_lesson_changed, push_reminder)
    values (${userId}, ${p.plan_published}, ${p.lesson_changed}, ${p.reminder},
            ${push.plan_published}, ${push.lesson_changed}, ${push.reminder})
    on conflict (user_id) do update
      set plan_published = excluded.plan_published, lesson_changed = excluded.lesson_changed,
          reminder = excluded.reminder, push_plan_published = excluded.push_plan_published,
          push_lesson_changed = excluded.push_lesson_changed,
          push_reminder = excluded.push_reminder, updated_at = now()
  `;
}

/** How many devices of the person receive push messages. */
export async function pushDevices(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db<{ n: number }[]>`
    select count(*)::int as n from push_subscriptions where user_id = ${userId}
  `;
  return n;
}
