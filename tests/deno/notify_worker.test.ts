/**
 * The delivery worker as its own process (notify/main.ts) against a real SMTP server on loopback:
 * killed with SIGKILL in the middle of a send, nothing is lost (the next worker sends the message
 * after the lease) and nothing is sent twice.
 */
import { assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { insertAppointment } from "../../api/testing/insert_appointment.ts";
import { startSmtpPeer } from "../../notify/testing/smtp_peer.ts";
import { startWorker as startNotifyWorker, until } from "../../notify/testing/worker_process.ts";

const t = await createTestApp("notify_worker");
// Lena's RCPT TO hangs until released: the worker is then caught in the middle of her e-mail.
const smtp = await startSmtpPeer({ hold: (a) => a === "lena@example.org" });
Deno.test.afterAll?.(async () => {
  await smtp.close();
  await t.close();
});
const options = { sanitizeOps: false, sanitizeResources: false };
const startWorker = () => startNotifyWorker(t.url, smtp.url);

await insertUser(t.sql, { username: "chef", role: "admin" });
const lena = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  email: "lena@example.org",
});
const otto = await insertUser(t.sql, {
  username: "otto",
  role: "instructor",
  first_name: "Otto",
  email: "otto@example.org",
});
const admin = t.client();
await admin.login("chef");

const countTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;

Deno.test(
  "SIGKILL in the middle of a send loses nothing and sends nothing twice",
  options,
  async () => {
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-03-05",
      start: "10:00",
      status: "pending",
    });
    assertEquals((await admin.post("/api/admin/publish-plan/")).status, 200);

    const first = startWorker();
    await until(() => smtp.heldCount() > 0, "the worker to be inside Lena's e-mail");
    first.child.kill("SIGKILL");
    await first.exited;
    // The server goes on, but the worker that was talking to it is gone: no e-mail for Lena yet.
    smtp.release();
    assertEquals(countTo("lena@example.org"), 0);
    const [held] = await t.sql`
    select status, leased_by is not null as leased from notification_outbox
     where address = 'lena@example.org'`;
    assertEquals(held, { status: "sending", leased: true });

    const second = startWorker();
    await until(async () => {
      const [row] = await t.sql`
      select count(*) filter (where status = 'sent')::int as sent from notification_outbox`;
      return row.sent === 2;
    }, "both e-mails sent");
    // One more change after that: once its e-mails are out, the worker has passed over the sent
    // rows again, and they stayed sent once.
    const [lesson] = await t.sql`select id::int from appointments`;
    await admin.request("PATCH", `/api/admin/appointments/${lesson.id}/`, {
      start_time: "12:00",
      override_availability: true,
    });
    await until(() => smtp.received.length === 4, "the e-mails about the move");
    assertEquals(countTo("lena@example.org"), 2);
    assertEquals(countTo("otto@example.org"), 2);
    assertEquals(
      smtp.received.map((m) => m.subject).sort(),
      [
        "Ihr Fahrplan: 1 neuer Termin",
        "Ihr Fahrplan: 1 neuer Termin",
        "Termin verschoben: Fahrstunde am Di, 05.03.2030 um 12:00 Uhr",
        "Termin verschoben: Fahrstunde am Di, 05.03.2030 um 12:00 Uhr",
      ],
    );
    const [lenas] = await t.sql`
    select attempts from notification_outbox
     where address = 'lena@example.org' and subject like 'Ihr Fahrplan%'`;
    assertEquals(lenas.attempts, 2);

    second.child.kill("SIGTERM");
    const status = await second.exited;
    assertEquals(status.code, 0);
  },
);

/** A lesson of Lena with Otto that starts on the whole hour about `hours` from now. */
async function lessonIn(hours: number): Promise<string> {
  const [{ at }] = await t.sql`
    select to_char(date_trunc('hour', (now() + make_interval(hours => ${hours}))
                                      at time zone 'Europe/Berlin'), 'YYYY-MM-DD HH24:MI') as at`;
  const [day, start] = (at as string).split(" ");
  await insertAppointment(t.sql, { student: lena, instructor: otto, day, start });
  return start;
}

const reminderTimes = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address) && m.subject.startsWith("Erinnerung"))
    .map((m) => m.subject.slice(m.subject.lastIndexOf(" um ") + 4)).sort();

Deno.test(
  "reminders go out once per lesson and person, also after the worker was restarted",
  options,
  async () => {
    await t.sql`delete from appointments`;
    smtp.received.length = 0;
    const first = await lessonIn(3);
    const worker = startWorker();
    await until(() => smtp.received.length === 2, "the two reminders of the first lesson");
    worker.child.kill("SIGTERM");
    assertEquals((await worker.exited).code, 0);

    // A new worker looks at the same lesson again on every pass; a second lesson coming due shows
    // that it has made passes, and the first lesson's reminders were not sent again.
    const again = startWorker();
    const second = await lessonIn(5);
    await until(() => smtp.received.length >= 4, "the reminders of the second lesson");
    await until(async () => {
      const [row] = await t.sql`
        select count(*)::int as n from notification_outbox where status in ('waiting', 'sending')`;
      return row.n === 0;
    }, "the outbox to be empty");
    again.child.kill("SIGTERM");
    assertEquals((await again.exited).code, 0);
    for (const address of ["lena@example.org", "otto@example.org"]) {
      assertEquals(reminderTimes(address), [first, second].sort().map((s) => `${s} Uhr`), address);
    }
    assertEquals(smtp.received.length, 4);
  },
);
