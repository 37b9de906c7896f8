/**
 * The notification outbox end to end on real Postgres and a real SMTP server on loopback: the
 * changes queue German e-mails in their own transaction, the delivery pass sends each once,
 * retries with backoff, gives up on a refused address (shown to the office), and a row whose
 * worker died is sent by the next one after the lease, never twice.
 */
import { assert, assertEquals } from "../api/testing/assert.ts";
import { createTestApp, insertUser } from "../api/testing/test_app.ts";
import { insertAppointment } from "../api/testing/insert_appointment.ts";
import { deliverDue } from "./delivery.ts";
import { smtpMailer } from "./mailer.ts";
import { claimNext, deleteOldMessages, finish, installationToken } from "./outbox.ts";
import { enqueueReminders } from "./reminders.ts";
import { startSmtpPeer } from "./testing/smtp_peer.ts";
import { clearOutbox, outboxSchool } from "./testing/outbox_school.ts";

const t = await createTestApp("notify_delivery");
const smtp = await startSmtpPeer({ refuse: (a) => a.startsWith("kaputt") });
const mailer = smtpMailer(smtp.url, "Fahrschule Kley <buero@fahrschule.example>");
Deno.test.afterAll?.(async () => {
  mailer.close();
  await smtp.close();
  await t.close();
});
const options = { sanitizeOps: false, sanitizeResources: false };

const { lena, otto, admin } = await outboxSchool(t);
const max = await insertUser(t.sql, {
  username: "max",
  role: "student",
  first_name: "Max",
  last_name: "Kaputt",
  email: "kaputt@example.org",
});
const pass = (workerId = "w1") => deliverDue(t.sql, mailer, { workerId, leaseSeconds: 60 });

async function reset() {
  await clearOutbox(t.sql);
  smtp.received.length = 0;
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

Deno.test(
  "a published plan: one German e-mail per person listing all their new lessons",
  options,
  async () => {
    await reset();
    for (
      const [student, day, start] of [
        [lena, "2030-03-05", "10:00"],
        [lena, "2030-03-07", "15:00"],
        [max, "2030-03-05", "12:00"],
      ] as const
    ) {
      await insertAppointment(t.sql, {
        student,
        instructor: otto,
        day,
        start,
        minutes: 60,
        status: "pending",
      });
    }
    // A draft lesson whose time has passed meanwhile is not announced.
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2020-01-07",
      start: "10:00",
      status: "pending",
    });
    // Nothing is queued for a draft.
    assertEquals((await t.sql`select count(*)::int as n from notification_outbox`)[0].n, 0);
    assertEquals((await admin.post("/api/admin/publish-plan/")).status, 200);
    const report = await pass();
    assertEquals(report, { sent: 2, retried: 0, failed: 1, expired: 0, uncertain: 0 });

    const [toLena] = mailsTo("lena@example.org");
    assertEquals(mailsTo("lena@example.org").length, 1);
    assertEquals(toLena.subject, "Ihr Fahrplan: 2 neue Termine");
    assert(toLena.text.startsWith("Hallo Lena Lernt,"));
    assert(toLena.text.includes(
      "- Di, 05.03.2030, 10:00–11:00 Uhr: Fahrstunde mit Otto Lehrer, Treffpunkt: Kley (Kleyer Weg 1)",
    ));
    assert(toLena.text.includes("- Do, 07.03.2030, 15:00–16:00 Uhr: Fahrstunde mit Otto Lehrer"));
    assert(!toLena.text.includes("Max"), "only her own lessons");

    const [toOtto] = mailsTo("otto@example.org");
    assertEquals(mailsTo("otto@example.org").length, 1);
    assertEquals(toOtto.subject, "Ihr Fahrplan: 3 neue Termine");
    assert(toOtto.text.includes("10:00–11:00 Uhr: Fahrstunde mit Lena Lernt"));
    assert(toOtto.text.includes("12:00–13:00 Uhr: Fahrstunde mit Max Kaputt"));

    // Max's mailbox refused for good (550): not tried again, and the office sees the address.
    const status = await (await admin.get("/api/admin/notification-status/")).json();
    assertEquals(status.waiting, 0);
    assertEquals(status.failed.length, 1);
    assertEquals([status.failed[0].name, status.failed[0].address], [
      "Max Kaputt",
      "kaputt@example.org",
    ]);
    assert(status.failed[0].error.includes("550"));
    assertEquals(await pass(), { sent: 0, retried: 0, failed: 0, expired: 0, uncertain: 0 });
    assertEquals(smtp.received.length, 2, "nothing is sent twice");
  },
);

Deno.test(
  "the office moves, cancels and adds a lesson: student and instructor one e-mail each",
  options,
  async () => {
    await reset();
    const id = await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-04-02",
      start: "09:00",
      minutes: 60,
    });
    const moved = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: "2030-04-03",
      start_time: "14:00",
      override_availability: true,
    });
    assertEquals(moved.status, 200);
    await pass();
    assertEquals(smtp.received.map((m) => m.to[0]).sort(), [
      "lena@example.org",
      "otto@example.org",
    ]);
    const [movedMail] = mailsTo("lena@example.org");
    assertEquals(movedMail.subject, "Termin verschoben: Fahrstunde am Mi, 03.04.2030 um 14:00 Uhr");
    assert(movedMail.text.includes("Bisher: Di, 02.04.2030, 09:00–10:00 Uhr: Fahrstunde mit Otto"));
    assert(movedMail.text.includes("Neu:    Mi, 03.04.2030, 14:00–15:00 Uhr: Fahrstunde mit Otto"));

    smtp.received.length = 0;
    const cancelled = await admin.post(`/api/admin/appointments/${id}/cancel/`, {
      reason: "Fahrzeug in der Werkstatt",
    });
    assertEquals(cancelled.status, 200);
    await pass();
    assertEquals(smtp.received.length, 2);
    const [cancelMail] = mailsTo("otto@example.org");
    assertEquals(cancelMail.subject, "Termin abgesagt: Fahrstunde am Mi, 03.04.2030 um 14:00 Uhr");
    assert(cancelMail.text.includes("Grund: Fahrzeug in der Werkstatt"));

    smtp.received.length = 0;
    const added = await admin.post("/api/admin/appointments/", {
      student_id: lena,
      instructor_id: otto,
      vehicle_id: null,
      date: "2030-04-10",
      start_time: "08:00",
      duration_minutes: 90,
      appointment_type: "highway",
      override_availability: true,
    });
    assertEquals(added.status, 201);
    await pass();
    assertEquals(smtp.received.length, 2);
    assertEquals(
      mailsTo("lena@example.org")[0].subject,
      "Neuer Termin: Mi, 10.04.2030 um 08:00 Uhr",
    );
    assert(mailsTo("lena@example.org")[0].text.includes("08:00–09:30 Uhr: Autobahnfahrt mit Otto"));
  },
);

Deno.test(
  "a change that fails queues nothing: the message is written in the change's transaction",
  options,
  async () => {
    await reset();
    const id = await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-05-06",
      start: "09:00",
    });
    await insertAppointment(t.sql, {
      student: max,
      instructor: otto,
      day: "2030-05-06",
      start: "11:00",
    });
    // Onto Otto's other lesson: refused as a double booking, so nobody may hear of a move.
    const res = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      start_time: "11:00",
      override_availability: true,
    });
    assertEquals(res.status, 409);
    assertEquals((await t.sql`select count(*)::int as n from notification_outbox`)[0].n, 0);
  },
);

Deno.test(
  "a lesson handed to another instructor: the old one is told it is off, the new one it is new",
  options,
  async () => {
    await reset();
    const hanna = await insertUser(t.sql, {
      username: "hanna",
      role: "instructor",
      first_name: "Hanna",
      last_name: "Fischer",
      email: "hanna@example.org",
    });
    const id = await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-05-06",
      start: "15:00",
      minutes: 60,
    });
    const moved = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      instructor_id: hanna,
      override_availability: true,
    });
    assertEquals(moved.status, 200);
    await pass();
    // Seen in the walk: both instructors got "Termin verschoben" with two identical lines.
    const [off] = mailsTo("otto@example.org");
    assertEquals(off.subject, "Termin abgegeben: Fahrstunde am Mo, 06.05.2030 um 15:00 Uhr");
    assert(off.text.includes("- Mo, 06.05.2030, 15:00–16:00 Uhr: Fahrstunde mit Lena"), off.text);
    assert(off.text.includes("Den Termin übernimmt Hanna Fischer."), off.text);
    const [taken] = mailsTo("hanna@example.org");
    assertEquals(taken.subject, "Neuer Termin: Mo, 06.05.2030 um 15:00 Uhr");
    const [student] = mailsTo("lena@example.org");
    assertEquals(student.subject, "Termin verschoben: Fahrstunde am Mo, 06.05.2030 um 15:00 Uhr");
    assert(student.text.includes("Neu:    Mo, 06.05.2030, 15:00–16:00 Uhr: Fahrstunde mit Hanna"));
    assertEquals(smtp.received.length, 3);
    await t.sql`delete from appointments where instructor_id = ${hanna}`;
    await t.sql`delete from users where id = ${hanna}`;
  },
);

Deno.test("a person who switched an event off gets no e-mail for it", options, async () => {
  await reset();
  const client = t.client();
  await client.login("lena");
  const saved = await client.put("/api/my-notification-settings/", {
    plan_published: false,
    lesson_changed: true,
    reminder: true,
  });
  assertEquals(saved.status, 200);
  await insertAppointment(t.sql, {
    student: lena,
    instructor: otto,
    day: "2030-06-03",
    start: "09:00",
    status: "pending",
  });
  await admin.post("/api/admin/publish-plan/");
  await pass();
  assertEquals(smtp.received.map((m) => m.to[0]), ["otto@example.org"]);
});

Deno.test(
  "a worker that died with a claimed row: the next one sends it after the lease, once",
  options,
  async () => {
    await reset();
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-07-01",
      start: "09:00",
      status: "pending",
    });
    await admin.post("/api/admin/publish-plan/");
    // The dead worker claimed Lena's message and never finished it.
    const mail = { token: await installationToken(t.sql), domain: mailer.domain };
    const claimed = await claimNext(t.sql, "tot", 60, ["email"], mail);
    assert(claimed);
    assertEquals(claimed.uncertain, false);
    // While its lease runs, nobody else takes it.
    assertEquals((await pass("lebt")).sent, 1);
    assertEquals(smtp.received.length, 1);
    // The lease runs out (as after a crash): the row is the next worker's.
    await t
      .sql`update notification_outbox set lease_until = now() - interval '1 second' where id = ${claimed.id}`;
    assertEquals((await pass("lebt")).sent, 1);
    assertEquals(smtp.received.map((m) => m.to[0]).sort(), [
      "lena@example.org",
      "otto@example.org",
    ]);
    // The dead worker, back late, cannot mark what is no longer its own.
    await finish(t.sql, claimed, "failed", { error: "zu spät" });
    const rows = await t.sql`select status, attempts from notification_outbox order by id`;
    assertEquals(rows.map((r) => r.status), ["sent", "sent"]);
    // Its e-mail went out with the Message-ID fixed at the dead worker's claim, and the repeat
    // (the dead worker may have reached the server) is counted on the row.
    const [toLena] = smtp.received.filter((m) => m.to.includes(claimed.address));
    assertEquals(toLena.messageId, claimed.message_id);
    const [row] = await t.sql`
      select uncertain_resends from notification_outbox where id = ${claimed.id}`;
    assertEquals(row.uncertain_resends, 1);
    assertEquals(await pass("lebt"), { sent: 0, retried: 0, failed: 0, expired: 0, uncertain: 0 });
  },
);

Deno.test(
  "without a reachable server a message waits and is retried later, with backoff",
  options,
  async () => {
    await reset();
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-08-01",
      start: "09:00",
      status: "pending",
    });
    await admin.post("/api/admin/publish-plan/");
    const down = smtpMailer("smtp://x:y@127.0.0.1:1");
    const report = await deliverDue(t.sql, down, { workerId: "w1", leaseSeconds: 60 });
    down.close();
    assertEquals(report.retried, 2);
    const rows = await t.sql`
    select status, attempts, last_error <> '' as has_error,
           next_attempt_at > now() + interval '20 seconds' as later
      from notification_outbox`;
    for (const row of rows) {
      assertEquals(row, {
        status: "waiting",
        attempts: 1,
        has_error: true,
        later: true,
      });
    }
    // Not due yet: the next pass leaves them; once due, they go out.
    assertEquals((await pass()).sent, 0);
    await t.sql`update notification_outbox set next_attempt_at = now()`;
    assertEquals((await pass()).sent, 2);
  },
);

Deno.test(
  "reminders: once per lesson and person within the school's hours, never for drafts",
  options,
  async () => {
    await reset();
    const [{ soon }] = await t.sql`
    select to_char((now() + interval '3 hours') at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as soon`;
    const [day, start] = (soon as string).split(" ");
    await insertAppointment(t.sql, { student: lena, instructor: otto, day, start, minutes: 30 });
    // A draft and a cancelled lesson at the same time (other people), a lesson in 3 days: none.
    const ida = await insertUser(t.sql, {
      username: "ida",
      role: "instructor",
      email: "ida@example.org",
    });
    for (const status of ["pending", "cancelled"] as const) {
      await insertAppointment(t.sql, {
        student: max,
        instructor: ida,
        day,
        start,
        minutes: 30,
        status,
      });
    }
    const [{ later }] = await t.sql`
    select to_char((now() + interval '3 days') at time zone 'Europe/Berlin', 'YYYY-MM-DD') as later`;
    await insertAppointment(t.sql, { student: max, instructor: otto, day: later, start: "10:00" });
    assertEquals(await enqueueReminders(t.sql), 2);
    assertEquals(await enqueueReminders(t.sql), 0, "exactly once");
    await pass();
    assertEquals(smtp.received.length, 2);
    assert(mailsTo("lena@example.org")[0].subject.startsWith("Erinnerung: Fahrstunde am "));
    assert(mailsTo("lena@example.org")[0].subject.endsWith(`um ${start} Uhr`));
    // At 1 hour before, the school's setting, the lesson in 3 hours is not due yet.
    await reset();
    const put = await admin.put("/api/admin/notification-settings/", { reminder_hours: 1 });
    assertEquals(put.status, 200);
    await insertAppointment(t.sql, { student: lena, instructor: otto, day, start, minutes: 30 });
    assertEquals(await enqueueReminders(t.sql), 0);
    await admin.put("/api/admin/notification-settings/", { reminder_hours: 24 });
  },
);

/** A whole hour about `hours` from now, as the school's day and clock (a lesson's start). */
async function hoursAhead(hours: number): Promise<[string, string]> {
  const [{ at }] = await t.sql`
    select to_char(date_trunc('hour', (now() + make_interval(hours => ${hours}))
                                      at time zone 'Europe/Berlin'), 'YYYY-MM-DD HH24:MI') as at`;
  return (at as string).split(" ") as [string, string];
}

Deno.test(
  "a reminder queued before the office moved, cancelled or deleted the lesson never goes out",
  options,
  async () => {
    await reset();
    const lessons = [];
    for (const hours of [3, 5, 7]) {
      const [day, start] = await hoursAhead(hours);
      lessons.push(await insertAppointment(t.sql, { student: lena, instructor: otto, day, start }));
    }
    const [moving, cancelling, deleting] = lessons;
    // Queued, not yet sent (the worker was busy, or e-mail not yet set up).
    assertEquals(await enqueueReminders(t.sql), 6);

    const [day, start] = await hoursAhead(10);
    const moved = await admin.request("PATCH", `/api/admin/appointments/${moving}/`, {
      date: day,
      start_time: start,
      override_availability: true,
    });
    assertEquals(moved.status, 200);
    const cancelled = await admin.post(`/api/admin/appointments/${cancelling}/cancel/`, {
      reason: "Fahrzeug in der Werkstatt",
    });
    assertEquals(cancelled.status, 200);
    assertEquals(
      (await admin.request("DELETE", `/api/admin/appointments/${deleting}/`)).status,
      200,
    );
    // The moved lesson is reminded of at its new time, once.
    assertEquals(await enqueueReminders(t.sql), 2);
    assertEquals(await enqueueReminders(t.sql), 0);
    await pass();

    for (const address of ["lena@example.org", "otto@example.org"]) {
      const reminders = mailsTo(address).filter((m) => m.subject.startsWith("Erinnerung"));
      assertEquals(
        reminders.map((m) => m.subject.slice(m.subject.lastIndexOf(" um "))),
        [` um ${start} Uhr`],
        `${address}: only the reminder for the new time`,
      );
    }
    // The stale reminders stay in the outbox as not sent, not as failures for the office.
    const stale = await t.sql`
      select status from notification_outbox where event = 'reminder' and status <> 'sent'`;
    assertEquals(stale.map((r) => r.status), Array(6).fill("expired"));
    const status = await (await admin.get("/api/admin/notification-status/")).json();
    assertEquals([status.waiting, status.failed.length], [0, 0]);
  },
);

Deno.test(
  "finished messages leave the outbox after 90 days, waiting ones never",
  options,
  async () => {
    await reset();
    await t.sql`
    insert into notification_outbox (event, address, subject, body, status, created_at)
    values ('reminder', 'a@example.org', 'alt, gesendet', '', 'sent', now() - interval '91 days'),
           ('reminder', 'a@example.org', 'alt, wartet', '', 'waiting', now() - interval '91 days'),
           ('reminder', 'a@example.org', 'neu, gesendet', '', 'sent', now() - interval '89 days')`;
    assertEquals(await deleteOldMessages(t.sql), 1);
    const left = await t.sql`select subject from notification_outbox order by subject`;
    assertEquals(left.map((r) => r.subject), ["alt, wartet", "neu, gesendet"]);
  },
);
