/** One pass of the delivery worker: send every due message of the outbox, one at a time. */
import type { Sql } from "../db/connection.ts";
import type { Mailer, SendOutcome } from "./mailer.ts";
import {
  type Channel,
  type Claimed,
  claimNext,
  finish,
  installationToken,
  retryLater,
} from "./outbox.ts";
import type { Pusher } from "./push/sender.ts";
import { sendPush } from "./push/deliver.ts";

/** What one pass did. */
export interface PassReport {
  sent: number;
  retried: number;
  failed: number;
  expired: number;
  /**
   * Tries of rows a dead worker left 'sending': each may have repeated a message that had already
   * arrived (with the same Message-ID, so a mail program can drop the repeat).
   */
  uncertain: number;
}

/** One e-mail; its Message-ID was fixed at the row's first claim and is the same for every try. */
function sendMail(mailer: Mailer, message: Claimed) {
  return mailer.send({
    to: message.address,
    subject: message.subject,
    text: message.body,
    messageId: message.message_id!,
  });
}

/**
 * Claims and sends due messages until none is left. One message per claim, the claim committed
 * before the server is called: a worker that dies holds at most one row, marked 'sending', and
 * the time between the server's "accepted" and the row's "sent" (the only moment a crash could
 * send a message twice) stays one statement short.
 * E-mails only with a mailer (SMTP_URL), push messages only with a pusher; the other channel's
 * rows stay waiting.
 */
export async function deliverDue(
  sql: Sql,
  mailer: Mailer | undefined,
  options: { workerId: string; leaseSeconds: number; pusher?: Pusher },
): Promise<PassReport> {
  const report: PassReport = { sent: 0, retried: 0, failed: 0, expired: 0, uncertain: 0 };
  const { workerId, leaseSeconds, pusher } = options;
  const channels: Channel[] = [];
  if (mailer) channels.push("email");
  if (pusher) channels.push("push");
  if (channels.length === 0) return report;
  const mail = mailer ? { token: await installationToken(sql), domain: mailer.domain } : null;
  for (;;) {
    const message = await claimNext(sql, workerId, leaseSeconds, channels, mail);
    if (!message) return report;
    if (message.uncertain) report.uncertain++;
    if (message.expired) {
      await finish(sql, message, "expired");
      report.expired++;
      continue;
    }
    let outcome: SendOutcome;
    if (message.channel === "push") {
      const pushed = await sendPush(sql, pusher!, message);
      if (pushed === "gone") {
        // The device is no longer subscribed: nothing to retry, nothing for the office to fix.
        await finish(sql, message, "expired", { error: "Gerät nicht mehr angemeldet" });
        report.expired++;
        continue;
      }
      outcome = pushed;
    } else outcome = await sendMail(mailer!, message);
    if (outcome.ok) {
      await finish(sql, message, "sent");
      report.sent++;
    } else if (outcome.permanent) {
      await finish(sql, message, "failed", outcome);
      report.failed++;
    } else {
      await retryLater(sql, message, outcome);
      report.retried++;
    }
  }
}
