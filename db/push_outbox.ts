/**
 * The push side of the outbox's writer: one row per device of every person who chose push for
 * the event, beside the e-mail rows and in the same transaction (migration 0080). One row per
 * device, not per person: a phone that is off is tried again without a second message on the
 * laptop that already showed it.
 */
import type { Db } from "./connection.ts";
import type { Reader } from "../common/notification_texts.ts";
import type { PushText } from "../common/push_texts.ts";
import type { OutboxEntry, PreferenceEvent } from "./notification_outbox.ts";

/** A device of a person who wants this event as push. */
export interface PushRecipient extends Reader {
  id: number;
  subscription_id: number;
}

/** The devices of `ids` whose owners are active, student or instructor, and chose push. */
export async function pushRecipients(
  db: Db,
  ids: number[],
  event: PreferenceEvent,
): Promise<PushRecipient[]> {
  if (ids.length === 0) return [];
  return await db<PushRecipient[]>`
    select u.id::int, u.role, s.id::int as subscription_id,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name
      from users u
      join push_subscriptions s on s.user_id = u.id
      left join notification_preferences p on p.user_id = u.id
     where u.id = any(${ids}::bigint[]) and u.is_active
       and u.role in ('student', 'instructor')
       and coalesce(${db.unsafe(`p.push_${event}`)}, true)
     order by u.id, s.id
  `;
}

/** The text as an outbox entry for one device: title as subject, the short text as body. */
export function pushEntry(
  r: PushRecipient,
  event: PreferenceEvent,
  text: PushText,
  extra: Pick<OutboxEntry, "dedupeKey" | "expiresAt" | "lesson"> = {},
): OutboxEntry {
  return {
    userId: r.id,
    event,
    channel: "push",
    pushSubscriptionId: r.subscription_id,
    // The device stands where an e-mail has its address; its endpoint is no one's business.
    address: `Gerät ${r.subscription_id}`,
    mail: { subject: text.title, body: text.body },
    ...extra,
  };
}

/** The push entries for `ids` and one event, the text made per person. */
export async function pushEntries(
  db: Db,
  ids: number[],
  event: PreferenceEvent,
  text: (reader: PushRecipient) => PushText,
): Promise<OutboxEntry[]> {
  return (await pushRecipients(db, ids, event)).map((r) => pushEntry(r, event, text(r)));
}
