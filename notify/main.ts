import { connect } from "../db/connection.ts";
import { deliverDue } from "./delivery.ts";
import { deleteOldMessages } from "./outbox.ts";
import { type Mailer, smtpMailer } from "./mailer.ts";
import { enqueueReminders } from "./reminders.ts";
import { readSmtpUrl } from "../common/smtp_url.ts";
import { vapidKeys } from "../db/push_keys.ts";
import { pushContact, type Pusher, webPusher } from "./push/sender.ts";

/**
 * deno task notify: the delivery worker of the notification outbox (docs/operations.md). Its own
 * process, not the API's (Deno Deploy stops idle API instances; several API instances would all
 * run it) nor the planner's (a long plan would hold the e-mails up). Each pass queues the due
 * reminders and sends every due message; it wakes on NOTIFY notification_outbox (a change just
 * committed one) and every POLL_MS (retries, reminders, rows of a dead worker whose lease ran out).
 * Without SMTP_URL it sends no e-mail: those messages stay in the outbox, and the office is told.
 * Push messages go out always: the VAPID keys are made at the first start and kept in the database.
 */
const url = Deno.env.get("DATABASE_URL");
if (!url) {
  console.error("DATABASE_URL ist nicht gesetzt.");
  Deno.exit(2);
}
const POLL_MS = Number(Deno.env.get("FAHRPLAN_NOTIFY_POLL_MS") ?? 15_000);
/** How long a claimed message stays this worker's; longer than the mailer's time limits. */
const LEASE_SECONDS = Number(Deno.env.get("FAHRPLAN_OUTBOX_LEASE_SECONDS") ?? 120);
const { url: smtpUrl, problem: smtpProblem } = readSmtpUrl(Deno.env.get("SMTP_URL"));
const workerId = `${Deno.hostname()}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
const log = (line: string) => console.log(`[notify ${Deno.pid}] ${line}`);

const sql = connect(url, { max: 2 });
const mailer: Mailer | undefined = smtpUrl
  ? smtpMailer(smtpUrl, Deno.env.get("SMTP_FROM") || undefined)
  : undefined;
/** Made on the first pass that reaches the database (the keys are read or made there). */
let pusher: Pusher | undefined;
let stopping = false;
let wake = () => {};

function sleepOrWake(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    stopping = true;
    wake();
  });
}
try {
  await sql.listen("notification_outbox", () => wake());
} catch (err) {
  log(`LISTEN nicht möglich (${(err as Error).message}); es wird regelmäßig nachgesehen`);
}
if (smtpProblem) log(`${smtpProblem} Es wird keine E-Mail verschickt.`);
log(
  mailer
    ? "Benachrichtigungen werden per E-Mail und Push zugestellt"
    : "E-Mail ist nicht eingerichtet (SMTP_URL fehlt): E-Mails bleiben im Postausgang, Push geht raus",
);

/** Old messages are deleted at most once an hour. */
const CLEANUP_MS = 60 * 60 * 1000;
let lastCleanup = 0;

while (!stopping) {
  try {
    if (Date.now() - lastCleanup > CLEANUP_MS) {
      lastCleanup = Date.now();
      await deleteOldMessages(sql);
    }
    const reminders = await enqueueReminders(sql);
    if (reminders) log(`${reminders} Erinnerungen vorgemerkt`);
    pusher ??= webPusher(await vapidKeys(sql), pushContact(Deno.env.toObject()));
    const r = await deliverDue(sql, mailer, { workerId, leaseSeconds: LEASE_SECONDS, pusher });
    if (r.sent + r.retried + r.failed + r.expired > 0) {
      log(
        `gesendet ${r.sent}, später erneut ${r.retried}, unzustellbar ${r.failed}, ` +
          `verfallen ${r.expired}`,
      );
    }
    // Counted per row in notification_outbox.uncertain_resends; the line says it as it happens.
    if (r.uncertain > 0) {
      log(
        `${r.uncertain} Nachricht(en) nach einem Abbruch beim Senden erneut versucht: ` +
          "vielleicht doppelt zugestellt (gleiche Message-ID)",
      );
    }
  } catch (err) {
    log(`Datenbank nicht erreichbar: ${(err as Error).message}`);
  }
  if (!stopping) await sleepOrWake(POLL_MS);
}
mailer?.close();
await sql.end({ timeout: 5 });
log("Zustellung beendet");
Deno.exit(0);
