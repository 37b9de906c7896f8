/** The office's view of e-mail notifications and each person's own choices (issue 23). */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("notification_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lena", role: "student", email: "lena@example.org" });
Deno.test.afterAll?.(() => t.close());

async function signedIn(username: string) {
  const client = t.client();
  await client.login(username);
  return client;
}

Deno.test("only the office sees the outbox and sets the reminder time", async () => {
  const lena = await signedIn("lena");
  assertEquals((await lena.get("/api/admin/notification-status/")).status, 403);
  assertEquals(
    (await lena.put("/api/admin/notification-settings/", { reminder_hours: 2 })).status,
    403,
  );
  assertEquals((await t.client().get("/api/my-notification-settings/")).status, 401);
});

Deno.test("the office is told when e-mail is not set up, and how many messages wait", async () => {
  t.config.emailConfigured = false;
  await t.sql`
    insert into notification_outbox (event, address, subject, body)
    values ('lesson_changed', 'lena@example.org', 'Neuer Termin', 'Hallo'),
           ('reminder', 'lena@example.org', 'Erinnerung', 'Hallo')`;
  // A push message waits for no setting of the office: it is not counted as waiting e-mail.
  await t.sql`
    insert into notification_outbox (event, channel, address, subject, body)
    values ('lesson_changed', 'push', 'Gerät 1', 'Neuer Termin', 'Hallo')`;
  // A reminder whose lesson has begun no longer counts as waiting.
  await t.sql`update notification_outbox set expires_at = now() - interval '1 minute'
               where event = 'reminder'`;
  const admin = await signedIn("chef");
  assertEquals(await (await admin.get("/api/admin/notification-status/")).json(), {
    email_configured: false,
    waiting: 1,
    failed: [],
    reminder_hours: 24,
    push_devices: 0,
    push_failed: null,
    uncertain_resends: 0,
  });
  t.config.emailConfigured = true;
  assertEquals(
    (await (await admin.get("/api/admin/notification-status/")).json()).email_configured,
    true,
  );
});

Deno.test("the office sees how many messages may have gone out twice in 30 days", async () => {
  await t.sql`delete from notification_outbox`;
  // Resent after a worker died mid-send (decision 0019): twice one e-mail, once one push message;
  // a repeat of two months ago no longer counts, and a row never repeated adds nothing.
  await t.sql`
    insert into notification_outbox (event, channel, address, subject, body, status,
                                     uncertain_resends, created_at)
    values ('reminder', 'email', 'lena@example.org', 'a', '', 'sent', 2, now() - interval '1 day'),
           ('reminder', 'push', 'Gerät 1', 'b', '', 'sent', 1, now() - interval '29 days'),
           ('reminder', 'email', 'lena@example.org', 'c', '', 'sent', 1, now() - interval '60 days'),
           ('reminder', 'email', 'lena@example.org', 'd', '', 'sent', 0, now())`;
  const admin = await signedIn("chef");
  const status = await (await admin.get("/api/admin/notification-status/")).json();
  assertEquals(status.uncertain_resends, 3);
  await t.sql`delete from notification_outbox`;
});

Deno.test("the reminder time is checked with German messages", async () => {
  const admin = await signedIn("chef");
  for (
    const [hours, message] of [
      [0, "Die Erinnerung muss mindestens 1 Stunde vor dem Termin kommen."],
      [200, "Die Erinnerung darf höchstens 168 Stunden (eine Woche) vor dem Termin kommen."],
      [1.5, "Bitte geben Sie ganze Stunden an."],
    ] as const
  ) {
    const res = await admin.put("/api/admin/notification-settings/", { reminder_hours: hours });
    assertEquals(res.status, 400);
    assert(JSON.stringify(await res.json()).includes(message));
  }
  const ok = await admin.put("/api/admin/notification-settings/", { reminder_hours: 48 });
  assertEquals((await ok.json()).reminder_hours, 48);
  const [row] = await t.sql`select reminder_hours from school_settings`;
  assertEquals(row.reminder_hours, 48);
});

Deno.test("a person keeps their own choice of e-mails; all on until they choose", async () => {
  const lena = await signedIn("lena");
  const first = await (await lena.get("/api/my-notification-settings/")).json();
  assertEquals(
    [first.plan_published, first.lesson_changed, first.reminder, first.email],
    [true, true, true, "lena@example.org"],
  );
  const bad = await lena.put("/api/my-notification-settings/", { plan_published: "ja" });
  assertEquals(bad.status, 400);
  const saved = await lena.put("/api/my-notification-settings/", {
    plan_published: true,
    lesson_changed: false,
    reminder: false,
  });
  assertEquals(saved.status, 200);
  const again = await (await lena.get("/api/my-notification-settings/")).json();
  assertEquals([again.plan_published, again.lesson_changed, again.reminder], [true, false, false]);
});
