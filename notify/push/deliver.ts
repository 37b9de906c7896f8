/** One claimed push row to its device; a device the push service no longer knows is removed. */
import type { Sql } from "../../db/connection.ts";
import type { SendOutcome } from "../mailer.ts";
import type { Claimed } from "../outbox.ts";
import type { Pusher, PushTarget } from "./sender.ts";

/** How long a push service may hold a message without an expiry of its own: one week. */
const DEFAULT_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Sends the row to its device. Answers "gone" when the device was removed meanwhile or the push
 * service answers 404/410 (the browser dropped the subscription): the subscription is deleted
 * then, so no later message tries it again.
 */
export async function sendPush(
  sql: Sql,
  pusher: Pusher,
  message: Claimed,
): Promise<SendOutcome | "gone"> {
  if (message.push_subscription_id === null) return "gone";
  const [target] = await sql<PushTarget[]>`
    select endpoint, p256dh, auth from push_subscriptions where id = ${message.push_subscription_id}
  `;
  if (!target) return "gone";
  const outcome = await pusher.send(
    target,
    { title: message.subject, body: message.body, url: "/kalender", tag: `fahrplan-${message.id}` },
    message.seconds_left ?? DEFAULT_TTL_SECONDS,
  );
  if (!outcome.ok && outcome.gone) {
    await sql`delete from push_subscriptions where id = ${message.push_subscription_id}`;
    return "gone";
  }
  if (outcome.ok) return outcome;
  return {
    ok: false,
    permanent: outcome.permanent,
    error: outcome.error,
    status: outcome.status,
  };
}
