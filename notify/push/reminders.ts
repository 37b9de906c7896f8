/** The reminders before lessons as push messages: one per lesson, person and device. */
import type { Sql } from "../../db/connection.ts";
import { enqueue, lessonFacts } from "../../db/notification_outbox.ts";
import { pushEntry } from "../../db/push_outbox.ts";
import { reminderPush } from "../../common/push_texts.ts";

/** Lessons and devices looked at per pass; the next pass takes the rest. */
const BATCH = 500;

/**
 * Like the e-mail reminders (notify/reminders.ts), for the devices of people who chose push
 * reminders. The key adds the device to lesson, start and person: exactly once per device, and
 * again for a lesson moved to another time. Answers how many were queued.
 */
export async function enqueuePushReminders(sql: Sql): Promise<number> {
  const due = await sql<
    {
      lesson_id: number;
      user_id: number;
      subscription_id: number;
      role: "student" | "instructor";
      name: string;
      key: string;
      starts_at: Date;
    }[]
  >`
    select a.id::int as lesson_id, u.id::int as user_id, ps.id::int as subscription_id, u.role,
           a.starts_at, k.key,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name
      from appointments a
      cross join school_settings s
      join users u on u.id in (a.student_id, a.instructor_id)
      join push_subscriptions ps on ps.user_id = u.id
      left join notification_preferences p on p.user_id = u.id
      cross join lateral (
        select 'reminder:' || a.id || ':' || extract(epoch from a.starts_at)::bigint || ':' || u.id
          || ':push:' || ps.id as key) k
     where s.id = 1 and a.status = 'confirmed'
       and a.starts_at > now() and a.starts_at <= now() + make_interval(hours => s.reminder_hours)
       and u.is_active and u.role in ('student', 'instructor') and coalesce(p.push_reminder, true)
       and not exists (select 1 from notification_outbox o where o.dedupe_key = k.key)
     order by a.starts_at, a.id
     limit ${BATCH}
  `;
  if (due.length === 0) return 0;
  const lessons = new Map(
    (await lessonFacts(sql, [...new Set(due.map((d) => d.lesson_id))])).map((l) => [l.id, l]),
  );
  return await enqueue(
    sql,
    due.filter((d) => lessons.has(d.lesson_id)).map((d) => {
      const reader = {
        id: d.user_id,
        subscription_id: d.subscription_id,
        name: d.name,
        role: d.role,
      };
      return pushEntry(reader, "reminder", reminderPush(reader, lessons.get(d.lesson_id)!), {
        dedupeKey: d.key,
        expiresAt: d.starts_at.toISOString(),
        lesson: { id: d.lesson_id, startsAt: d.starts_at.toISOString() },
      });
    }),
  );
}
