/**
 * The outbox's writer, shared by the API (a published plan, the office's changes, a reset link)
 * and the delivery worker (reminders). Call it with the transaction of the change that causes the
 * message: both commit together or not at all (migration 0050).
 */
import type { Db } from "./connection.ts";
import { SCHOOL_TIME_ZONE } from "../common/time_zone.ts";
import {
  type LessonChange,
  lessonChangedMail,
  type LessonFacts,
  type Mail,
  planPublishedMail,
  type Reader,
} from "../common/notification_texts.ts";
import { lessonChangedPush, planPublishedPush } from "../common/push_texts.ts";
import { pushEntries } from "./push_outbox.ts";

/** The events a person can switch on or off (notification_preferences' columns). */
export type PreferenceEvent = "plan_published" | "lesson_changed" | "reminder";

/** A lesson's facts plus whose it is. */
export interface LessonRow extends LessonFacts {
  id: number;
  student_id: number;
  instructor_id: number;
  status: string;
  /** Not yet over: only such a lesson is worth a message. */
  upcoming: boolean;
}

/** The lessons with the names and places a message shows, in time order. */
export async function lessonFacts(db: Db, ids: number[]): Promise<LessonRow[]> {
  if (ids.length === 0) return [];
  const clock = (column: string, format: string) =>
    db`to_char(${db.unsafe(column)} at time zone ${SCHOOL_TIME_ZONE}, ${format})`;
  const name = (alias: string) =>
    db.unsafe(
      `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`,
    );
  return await db<LessonRow[]>`
    select a.id::int, a.student_id::int, a.instructor_id::int, a.status,
           a.ends_at > now() as upcoming,
           ${clock("a.starts_at", "YYYY-MM-DD")} as date, ${
    clock("a.starts_at", "HH24:MI")
  } as start,
           ${clock("a.ends_at", "HH24:MI")} as end, a.appointment_type,
           ${name("s")} as student_name, ${name("i")} as instructor_name,
           coalesce(sp.start_location, '') as pickup, coalesce(pp.address, '') as pickup_address,
           v.name as vehicle
      from appointments a
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
      left join student_profiles sp on sp.user_id = a.student_id
      left join pickup_points pp on lower(pp.name) = lower(sp.start_location)
      left join vehicles v on v.id = a.vehicle_id
     where a.id = any(${ids}::bigint[])
     order by a.starts_at, a.id
  `;
}

/** A person who wants this event by e-mail: active, with an address, not switched off. */
interface Recipient extends Reader {
  id: number;
  email: string;
}

async function recipients(db: Db, ids: number[], event: PreferenceEvent): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return await db<Recipient[]>`
    select u.id::int, u.email, u.role,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name
      from users u left join notification_preferences p on p.user_id = u.id
     where u.id = any(${ids}::bigint[]) and u.is_active and u.email <> ''
       and u.role in ('student', 'instructor')
       and coalesce(${db.unsafe(`p.${event}`)}, true)
  `;
}

/** One outbox row. */
export interface OutboxEntry {
  userId: number;
  event: PreferenceEvent | "password_reset";
  address: string;
  mail: Mail;
  /** Exactly once per key: a second entry with the same key is dropped. */
  dedupeKey?: string;
  /** Not sent after this moment (ISO timestamp). */
  expiresAt?: string;
  /** 'email' unless said otherwise; a push entry names its device (db/push_outbox.ts). */
  channel?: "email" | "push";
  pushSubscriptionId?: number;
  /** A reminder's lesson and the start it tells of: not sent once the lesson changed. */
  lesson?: { id: number; startsAt: string };
}

/** Queues the entries and wakes the delivery worker when the transaction commits. */
export async function enqueue(db: Db, entries: OutboxEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = entries.map((e) => ({
    user_id: e.userId,
    event: e.event,
    address: e.address,
    subject: e.mail.subject,
    body: e.mail.body,
    dedupe_key: e.dedupeKey ?? null,
    expires_at: e.expiresAt ?? null,
    channel: e.channel ?? "email",
    push_subscription_id: e.pushSubscriptionId ?? null,
    appointment_id: e.lesson?.id ?? null,
    lesson_starts_at: e.lesson?.startsAt ?? null,
  }));
  let inserted = 0;
  // In chunks: a statement takes at most 65535 parameters (11 a row), a large school's plan has
  // thousands of recipients.
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const added = await db`
      insert into notification_outbox ${
      db(
        chunk,
        "user_id",
        "event",
        "address",
        "subject",
        "body",
        "dedupe_key",
        "expires_at",
        "channel",
        "push_subscription_id",
        "appointment_id",
        "lesson_starts_at",
      )
    }
      on conflict (dedupe_key) do nothing
      returning id
    `;
    inserted += added.length;
  }
  if (inserted) await db`select pg_notify('notification_outbox', '')`;
  return inserted;
}

/** One e-mail per person (student or instructor) listing all of their newly published lessons. */
export async function notifyPlanPublished(db: Db, lessonIds: number[]): Promise<number> {
  // A draft lesson whose time has passed meanwhile is nothing to tell anyone about.
  const lessons = (await lessonFacts(db, lessonIds)).filter((l) => l.upcoming);
  // Each person's lessons, as student or as instructor, in time order.
  const byPerson = new Map<number, LessonRow[]>();
  for (const l of lessons) {
    for (const id of [l.student_id, l.instructor_id]) {
      byPerson.set(id, [...(byPerson.get(id) ?? []), l]);
    }
  }
  const entries = (await recipients(db, [...byPerson.keys()], "plan_published")).map((r) => ({
    userId: r.id,
    event: "plan_published" as const,
    address: r.email,
    mail: planPublishedMail(r, byPerson.get(r.id)!),
  }));
  const pushes = await pushEntries(
    db,
    [...byPerson.keys()],
    "plan_published",
    (r) => planPublishedPush(r, byPerson.get(r.id)!),
  );
  return await enqueue(db, [...entries, ...pushes]);
}

/** What the office did, with the lesson as it was before a move. */
export type OfficeChange =
  | Exclude<LessonChange, { kind: "moved" | "handed_over" }>
  | { kind: "moved"; before: LessonRow };

/**
 * What the change is to one reader: a move that hands the lesson to another instructor takes it
 * off the old one's calendar and puts it on the new one's; only the student sees it moved.
 */
function changeFor(readerId: number, lesson: LessonRow, change: OfficeChange): LessonChange {
  if (change.kind !== "moved" || change.before.instructor_id === lesson.instructor_id) {
    return change;
  }
  if (readerId === change.before.instructor_id) {
    return { kind: "handed_over", before: change.before, to: lesson.instructor_name };
  }
  if (readerId === lesson.instructor_id) return { kind: "added" };
  return change;
}

/**
 * The e-mails about one lesson the office added, moved or cancelled: to its student and its
 * instructor, and to the instructor it had before when a move handed it to another one. `lesson`
 * is read with lessonFacts after the change (before it, for a lesson about to be deleted). Only a
 * published lesson that is not over is worth a message: a draft's lessons nobody knows yet.
 */
export async function notifyLessonChanged(
  db: Db,
  lesson: LessonRow,
  change: OfficeChange,
): Promise<number> {
  const published = lesson.status !== "pending";
  const upcoming = lesson.upcoming || (change.kind === "moved" && change.before.upcoming);
  if (!published || !upcoming) return 0;
  const people = [lesson.student_id, lesson.instructor_id];
  if (change.kind === "moved" && change.before.instructor_id !== lesson.instructor_id) {
    people.push(change.before.instructor_id);
  }
  const entries = (await recipients(db, people, "lesson_changed")).map((r) => ({
    userId: r.id,
    event: "lesson_changed" as const,
    address: r.email,
    mail: lessonChangedMail(r, lesson, changeFor(r.id, lesson, change)),
  }));
  const pushes = await pushEntries(
    db,
    people,
    "lesson_changed",
    (r) => lessonChangedPush(r, lesson, changeFor(r.id, lesson, change)),
  );
  return await enqueue(db, [...entries, ...pushes]);
}
