/**
 * The delivery worker killed after the mail server accepted an e-mail but before the outbox row
 * says so (issue 23): the one moment SMTP cannot make safe. The row stays 'sending', the next
 * worker sends it again once the lease ran out, with the very same Message-ID (a mail program
 * drops the repeat), and the repeat is counted and logged. Real processes throughout: the worker
 * is notify/main.ts, killed with SIGKILL, the server a real SMTP server on loopback.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { insertAppointment } from "../../api/testing/insert_appointment.ts";
import { startSmtpPeer } from "../../notify/testing/smtp_peer.ts";
import { startWorker, until } from "../../notify/testing/worker_process.ts";

const t = await createTestApp("notify_crash_after_accept");
// Lena's RCPT TO waits until released: the test takes its lock on her row in the meantime.
const smtp = await startSmtpPeer({ hold: (a) => a === "lena@example.org" });
Deno.test.afterAll?.(async () => {
  await smtp.close();
  await t.close();
});
const options = { sanitizeOps: false, sanitizeResources: false };

await insertUser(t.sql, { username: "chef", role: "admin" });
const lena = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  email: "lena@example.org",
});
const otto = await insertUser(t.sql, {
  username: "otto",
  role: "instructor",
  email: "otto@example.org",
});
const admin = t.client();
await admin.login("chef");

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** The worker's connection blocked in its outcome update on the row the test holds locked. */
async function blockedOutcomeUpdate(): Promise<number | undefined> {
  const [row] = await t.sql<{ pid: number }[]>`
    select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()
       and wait_event_type = 'Lock' and query ilike '%update notification_outbox%'`;
  return row?.pid;
}

Deno.test(
  "killed between the server's acceptance and the row update: resent once, same Message-ID",
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
    const [{ id }] = await t.sql`
      select id::int from notification_outbox where address = 'lena@example.org'`;

    const first = startWorker(t.url, smtp.url);
    await until(() => smtp.heldCount() > 0, "the worker to be inside Lena's e-mail");
    // The claim committed before the server was called: the row says a send is under way.
    const [claimed] = await t.sql`
      select status, attempts, claimed_at is not null as claimed, attempt_id is not null as try
        from notification_outbox where id = ${id}`;
    assertEquals(claimed, { status: "sending", attempts: 1, claimed: true, try: true });

    // The test holds the row, so the worker's "sent" waits on it once the server said 250.
    const lock = await t.sql.reserve();
    await lock`begin`;
    await lock`select 1 from notification_outbox where id = ${id} for update`;
    smtp.release();
    let blocked: number | undefined;
    await until(async () => {
      blocked = await blockedOutcomeUpdate();
      return blocked !== undefined;
    }, "the worker's row update after the server accepted Lena's e-mail");
    assertEquals(mailsTo("lena@example.org").length, 1);
    // The crash: the process dies, and its update dies with it (a statement still on its way
    // when the process went; Postgres alone would finish it once the lock is free).
    first.child.kill("SIGKILL");
    await first.exited;
    await t.sql`select pg_terminate_backend(${blocked!})`;
    await lock`rollback`;
    lock.release();
    const [left] = await t.sql`
      select status, sent_at from notification_outbox where id = ${id}`;
    assertEquals(left, { status: "sending", sent_at: null });

    const second = startWorker(t.url, smtp.url);
    await until(async () => {
      const [row] = await t.sql`
        select count(*) filter (where status = 'sent')::int as sent from notification_outbox`;
      return row.sent === 2;
    }, "both e-mails sent");

    // Lena got the same e-mail twice: same Message-ID, same subject and text, so her mail program
    // can drop the repeat. Not two different e-mails, and Otto's went once.
    const toLena = mailsTo("lena@example.org");
    assertEquals(toLena.length, 2);
    assertEquals(toLena[1], toLena[0]);
    const [{ token }] = await t.sql`select token from installation`;
    assertEquals(toLena[0].messageId, `<outbox-${id}.${token}@fahrschule.example>`);
    assertEquals(mailsTo("otto@example.org").length, 1);
    assert(mailsTo("otto@example.org")[0].messageId !== toLena[0].messageId);

    // The repeat is visible: counted on the row and said in the worker's log.
    const [done] = await t.sql`
      select status, attempts, uncertain_resends, message_id from notification_outbox
       where id = ${id}`;
    assertEquals(done, {
      status: "sent",
      attempts: 2,
      uncertain_resends: 1,
      message_id: toLena[0].messageId,
    });
    await until(
      () => second.output().includes("vielleicht doppelt zugestellt"),
      "the worker's line about the uncertain repeat",
    );
    // The office sees it on the dashboard's card (the count of the last 30 days).
    const status = await (await admin.get("/api/admin/notification-status/")).json();
    assertEquals(status.uncertain_resends, 1);
    second.child.kill("SIGTERM");
    assertEquals((await second.exited).code, 0);
  },
);
