/** The reminders before lessons, queued by the delivery worker through the same outbox. */
import type { Sql } from "../db/connection.ts";
import { enqueue, lessonFacts } from "../db/notification_outbox.ts";
import { reminderMail } from "../common/notification_texts.ts";
import { enqueuePushReminders } from "./push/reminders.ts";

/** Lessons looked at per pass; the next pass takes the rest. */
const BATCH = 500;

/**
 * Queues a reminder for every published lesson that starts within the school's reminder_hours
 * (default 24), to its student and its instructor unless they switched reminders off. Exactly once
 * per lesson and person: the key names lesson, start and person, so a second pass (or a second
 * worker) adds nothing, while a lesson moved to another time is reminded of again. A reminder
 * expires when its lesson begins, and is dropped unsent when its lesson was moved, cancelled or
 * deleted after it was queued (it names its lesson and start: notify/outbox.ts, claimNext). The
 * same for push (notify/push/reminders.ts). Answers how many were queued.
 */
export async function enqueueReminders(sql: Sql): Promise<number> {
  return await enqueueMailReminders(sql) + await enqueuePushReminders(sql);
}

async function enqueueMailReminders(sql: Sql): Promise<number> {
  const due = await sql<
    {
      lesson_id: number;
      user_id: number;
      email: string;
      role: string;
      name: string;
      key: string;
      starts_at: Date;
    }[]
  >`
    select a.id::int as lesson_id, u.id::int as user_id, u.email, u.role, a.starts_at,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name,
           k.key
      from appointments a
      cross join school_settings s
      join users u on u.id in (a.student_id, a.instructor_id)
      left join notification_preferences p on p.user_id = u.id
      cross join lateral (
        select 'reminder:' || a.id || ':' || extract(epoch from a.starts_at)::bigint || ':' || u.id
          as key) k
     where s.id = 1 and a.status = 'confirmed'
       and a.starts_at > now() and a.starts_at <= now() + make_interval(hours => s.reminder_hours)
       and u.is_active and u.email <> '' and coalesce(p.reminder, true)
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
    due.filter((d) => lessons.has(d.lesson_id)).map((d) => ({
      userId: d.user_id,
      event: "reminder" as const,
      address: d.email,
      mail: reminderMail(
        { name: d.name, role: d.role as "student" | "instructor" },
        lessons.get(d.lesson_id)!,
      ),
      dedupeKey: d.key,
      expiresAt: d.starts_at.toISOString(),
      lesson: { id: d.lesson_id, startsAt: d.starts_at.toISOString() },
    })),
  );
}
