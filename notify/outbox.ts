/** The delivery worker's side of the outbox (migration 0050): claim, mark sent, retry, give up. */
import type { Sql } from "../db/connection.ts";

/** A claimed message. */
export interface Claimed {
  id: number;
  address: string;
  subject: string;
  body: string;
  attempts: number;
  /** past its expires_at (a reminder whose lesson has begun): not sent any more */
  expired: boolean;
  channel: "email" | "push";
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

/**
 * Takes the next due message for `workerId` for `leaseSeconds`. `for update skip locked`: two
 * workers never wait on each other or take the same row. The row lock ends with this statement;
 * from then on the lease keeps the row the worker's while it talks to the mail server (no
 * transaction stays open over the network). A worker that dies loses the row when its lease runs
 * out, and the next claim takes it again: nothing is lost. Only rows of `channels`: a worker
 * without SMTP_URL leaves the e-mails waiting and still sends the push messages.
 */
export async function claimNext(
  sql: Sql,
  workerId: string,
  leaseSeconds: number,
  channels: Channel[] = ["email"],
): Promise<Claimed | undefined> {
  const [row] = await sql<Claimed[]>`
    update notification_outbox
       set leased_by = ${workerId}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
           attempts = attempts + 1
     where id = (
       select id from notification_outbox
        where status = 'waiting' and next_attempt_at <= now()
          and channel = any(${channels}::text[])
          and (lease_until is null or lease_until < now())
        order by next_attempt_at, id
        limit 1
          for update skip locked)
    returning id::int, address, subject, body, attempts,
              coalesce(expires_at < now(), false) as expired, channel,
              push_subscription_id::int,
              extract(epoch from expires_at - now())::int as seconds_left
  `;
  return row;
}

/**
 * Marks a claimed message as done: sent, expired or failed for good. Only while the claim is
 * still the worker's own, so a worker that outlived its lease cannot overwrite the next one's.
 */
export async function finish(
  sql: Sql,
  id: number,
  workerId: string,
  status: "sent" | "expired" | "failed",
  failure: Failure | null = null,
): Promise<void> {
  await sql`
    update notification_outbox
       set status = ${status}, last_error = ${failure?.error ?? null},
           last_status = ${failure?.status ?? null}, lease_until = null,
           sent_at = case when ${status} = 'sent' then now() end
     where id = ${id} and leased_by = ${workerId} and status = 'waiting'
  `;
}

/** Puts a message back for a later try (backoff), or gives up after MAX_ATTEMPTS. */
export async function retryLater(
  sql: Sql,
  message: Claimed,
  workerId: string,
  failure: Failure,
): Promise<void> {
  if (message.attempts >= MAX_ATTEMPTS) {
    await finish(sql, message.id, workerId, "failed", failure);
    return;
  }
  await sql`
    update notification_outbox
       set lease_until = null, leased_by = null, last_error = ${failure.error},
           last_status = ${failure.status ?? null},
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(message.attempts)})
     where id = ${message.id} and leased_by = ${workerId} and status = 'waiting'
  `;
}

/** How long finished messages (and used or expired reset links) are kept. */
export const KEEP_DAYS = 90;

/**
 * Deletes finished messages older than KEEP_DAYS, and reset links a day after they ended: the
 * bodies hold names and lesson times, which are not kept longer than they serve (the office's list
 * of refused addresses looks 30 days back). Waiting messages stay whatever their age.
 */
export async function deleteOldMessages(sql: Sql): Promise<number> {
  const messages = await sql`
    delete from notification_outbox
     where status <> 'waiting' and created_at < now() - make_interval(days => ${KEEP_DAYS})
  `;
  await sql`
    delete from password_reset_tokens
     where coalesce(used_at, expires_at) < now() - interval '1 day'
  `;
  return messages.count;
}
