/**
 * Push messages the push services refused for good, as the office's "Benachrichtigungen" card shows
 * them: how many in the last week, the newest one's answer and what it means in German. A device
 * that is gone (404/410) is not among them: it was removed and fixes itself; 429 and 5xx count only
 * once their retries are used up.
 */
import type { Db } from "../../db/connection.ts";
import type { PushFailures } from "../../common/contract/notifications.ts";

/** How far back the card looks: long enough to be noticed, short enough to end after a fix. */
const DAYS = 7;

/** What a push service's answer means and what the school can do, for the office. */
export function pushFailureExplanation(status: number | null): string {
  if (status === 401 || status === 403) {
    return "Der Push-Dienst erkennt den Schlüssel der Fahrschule (VAPID) nicht an. Meist wurde " +
      "der Schlüssel ersetzt, nachdem sich die Geräte angemeldet haben (z. B. durch eine " +
      "Sicherung einer anderen Installation), oder PUSH_CONTACT fehlt. Betroffene Personen " +
      "erlauben Benachrichtigungen auf ihrem Gerät neu.";
  }
  if (status === 413) {
    return "Die Nachricht war dem Push-Dienst zu groß und wurde nicht zugestellt.";
  }
  if (status === 400) {
    return "Der Push-Dienst hat die Nachricht als fehlerhaft abgelehnt. Bitte dem Betreuer " +
      "der Fahrplan-Installation melden.";
  }
  if (status === 429) {
    return "Der Push-Dienst hat wiederholt zu viele Nachrichten in kurzer Zeit abgelehnt.";
  }
  if (status !== null && status >= 500) {
    return "Der Push-Dienst war bei allen Versuchen gestört.";
  }
  if (status !== null) {
    return "Der Push-Dienst hat die Nachricht abgelehnt.";
  }
  return "Der Push-Dienst war nicht erreichbar, oder die Schlüssel des Geräts sind unbrauchbar " +
    "(dann erlaubt die Person Benachrichtigungen auf ihrem Gerät neu).";
}

/** The push failures of the last week, or null when there were none. */
export async function pushFailures(db: Db): Promise<PushFailures | null> {
  const [row] = await db<
    { count: number; last_status: number | null; last_error: string; last_at: string }[]
  >`
    select count(*) over ()::int as count, last_status::int, coalesce(last_error, '') as last_error,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_at
      from notification_outbox
     where status = 'failed' and channel = 'push'
       and created_at > now() - make_interval(days => ${DAYS})
     order by created_at desc, id desc
     limit 1
  `;
  if (!row) return null;
  return { ...row, explanation: pushFailureExplanation(row.last_status) };
}
