/** The delivery worker's side of the outbox (migration 0050): claim, mark sent, retry, give up. */
import type { Sql } from "../db/connection.ts";

/** A claimed message. */
export interface Claimed {
  id: number;
  /** This try's own id: only it may write the try's outcome (a late worker cannot). */
  attempt_id: string;
  address: string;
  subject: string;
  body: string;
  attempts: number;
  /**
   * Not sent any more: past its expires_at (a reminder whose lesson has begun), or a reminder whose
   * lesson was moved, cancelled, deleted or handed to another instructor since it was queued.
   */
  expired: boolean;
  channel: "email" | "push";
  /** An e-mail's Message-ID, fixed at its first claim; null for push. */
  message_id: string | null;
  /**
   * The row was still 'sending': a worker died between calling the server and writing the outcome.
   * The message may have arrived already; this try repeats it with the same Message-ID.
   */
  uncertain: boolean;
  /** A push message's device; null when the device was removed since (migration 0080). */
  push_subscription_id: number | null;
  /** Seconds until expires_at, null when it has none: how long a push service may keep it. */
  seconds_left: number | null;
}

/** The channels a worker can send on: e-mail only with SMTP_URL, push only with keys. */
export type Channel = Claimed["channel"];

/** Why a try failed: the text, and the push service's HTTP status when it answered one. */
export interface Failure {
  error: string;
  status?: number;
}

/** After this many failed tries a message counts as undeliverable and the office sees it. */
export const MAX_ATTEMPTS = 8;

/** Seconds until the next try after `attempts` tries: 30 s, 1, 2, 4 … minutes, at most 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** This installation's random token (migration 0180), part of every Message-ID. */
export async function installationToken(sql: Sql): Promise<string> {
  const [row] = await sql<{ token: string }[]>`select token from installation where id = 1`;
  return row.token;
}

/**
 * Takes the next due message for `workerId` for `leaseSeconds` and marks it 'sending', in a
 * statement of its own that commits before the server is called. `for update skip locked`: two
 * workers never wait on each other or take the same row. From then on the lease keeps the row the
 * worker's while it talks to the mail server (no transaction stays open over the network). A
 * worker that dies leaves the row 'sending'; once the lease has run out the next claim takes it
 * again, flagged `uncertain`: nothing is lost, and a repeat carries the first try's Message-ID.
 * Only rows of `channels`: a worker without SMTP_URL leaves the e-mails waiting and still sends
 * the push messages. `mail`: the installation's token and the sender's domain, for the Message-ID
 * `<outbox-{row}.{token}@{domain}>` (RFC 5322 3.6.4) an e-mail gets at its first claim; null for a
 * worker without e-mail. A reminder is checked against its lesson at the claim, right before the
 * send: one queued before the lesson changed is answered `expired` (migration 0200).
 */
export async function claimNext(
  sql: Sql,
  workerId: string,
  leaseSeconds: number,
  channels: Channel[],
  mail: { token: string; domain: string } | null,
): Promise<Claimed | undefined> {
  const [row] = await sql<Claimed[]>`
    with due as (
      select id, status = 'sending' as uncertain from notification_outbox
       where ((status = 'waiting' and next_attempt_at <= now()
               and (lease_until is null or lease_until < now()))
              or (status = 'sending' and lease_until < now()))
         and channel = any(${channels}::text[])
       order by next_attempt_at, id
       limit 1
         for update skip locked)
    update notification_outbox o
       set status = 'sending', attempt_id = gen_random_uuid(), claimed_at = now(),
           leased_by = ${workerId}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
           attempts = o.attempts + 1,
           uncertain_resends = o.uncertain_resends + case when due.uncertain then 1 else 0 end,
           message_id = case when o.channel = 'email'
             then coalesce(o.message_id,
                           '<outbox-' || o.id || '.' || ${mail?.token ?? null}::text || '@' ||
                           ${mail?.domain ?? null}::text || '>')
           end
      from due
     where o.id = due.id
    returning o.id::int, o.attempt_id::text, o.address, o.subject, o.body, o.attempts,
              coalesce(o.expires_at < now(), false) or (
                o.appointment_id is not null and not exists (
                  select 1 from appointments a
                   where a.id = o.appointment_id and a.status = 'confirmed'
                     -- the start went through a JS Date: compared to the millisecond
                     and date_trunc('milliseconds', a.starts_at) = o.lesson_starts_at
                     and o.user_id in (a.student_id, a.instructor_id))) as expired,
              o.channel, o.message_id,
              due.uncertain, o.push_subscription_id::int,
              extract(epoch from o.expires_at - now())::int as seconds_left
  `;
  return row;
}

/**
 * Writes a try's outcome: sent, expired or failed for good. Only while the claim is still this
 * try's own, so a worker that outlived its lease cannot overwrite the next one's.
 */
export async function finish(
  sql: Sql,
  message: Pick<Claimed, "id" | "attempt_id">,
  status: "sent" | "expired" | "failed",
  failure: Failure | null = null,
): Promise<void> {
  await sql`
    update notification_outbox
       set status = ${status}, last_error = ${failure?.error ?? null},
           last_status = ${failure?.status ?? null}, lease_until = null,
           sent_at = case when ${status} = 'sent' then now() end
     where id = ${message.id} and attempt_id = ${message.attempt_id}::uuid and status = 'sending'
  `;
}

/** Puts a message back for a later try (backoff), or gives up after MAX_ATTEMPTS. */
export async function retryLater(
  sql: Sql,
  message: Claimed,
  failure: Failure,
): Promise<void> {
  if (message.attempts >= MAX_ATTEMPTS) {
    await finish(sql, message, "failed", failure);
    return;
  }
  await sql`
    update notification_outbox
       set status = 'waiting', lease_until = null, leased_by = null,
           last_error = ${failure.error}, last_status = ${failure.status ?? null},
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(message.attempts)})
     where id = ${message.id} and attempt_id = ${message.attempt_id}::uuid and status = 'sending'
  `;
}

/** How long finished messages (and used or expired reset links) are kept. */
export const KEEP_DAYS = 90;

/**
 * Deletes finished messages older than KEEP_DAYS, and reset links a day after they ended: the
 * bodies hold names and lesson times, which are not kept longer than they serve (the office's list
 * of refused addresses looks 30 days back). Messages not yet finished stay whatever their age.
 */
export async function deleteOldMessages(sql: Sql): Promise<number> {
  const messages = await sql`
    delete from notification_outbox
     where status not in ('waiting', 'sending')
       and created_at < now() - make_interval(days => ${KEEP_DAYS})
  `;
  await sql`
    delete from password_reset_tokens
     where coalesce(used_at, expires_at) < now() - interval '1 day'
  `;
  return messages.count;
}
