/**
 * Web Push end to end with real peers: devices subscribe through the API with a P-256 key pair and
 * auth secret made in the test, the delivery pass sends through a push service on loopback, and
 * the test decrypts what arrived with the device's private key (RFC 8291) and checks the VAPID
 * signature (RFC 8292). Exactly once per event and device; 404/410 removes the device.
 */
import { assert, assertEquals } from "../api/testing/assert.ts";
import { createTestApp } from "../api/testing/test_app.ts";
import { insertAppointment } from "../api/testing/insert_appointment.ts";
import { vapidKeys } from "../db/push_keys.ts";
import { deliverDue } from "./delivery.ts";
import { webPusher } from "./push/sender.ts";
import { enqueueReminders } from "./reminders.ts";
import {
  type DeviceKeys,
  makeDeviceKeys,
  type PeerAnswer,
  type Received,
  startPushPeer,
} from "./testing/push_peer.ts";
import { clearOutbox, outboxSchool } from "./testing/outbox_school.ts";

type Vapid = Received["vapid"];

const t = await createTestApp("notify_push");
t.config.pushAllowsLoopback = true;
/** Per device path, the status the push service answers (default 201). */
const answers = new Map<string, PeerAnswer>();
const peer = startPushPeer((path) => answers.get(path) ?? 201);
Deno.test.afterAll?.(async () => {
  await peer.close();
  await t.close();
});
const options = { sanitizeOps: false, sanitizeResources: false };

const { lena, otto, admin } = await outboxSchool(t);
const lenaClient = t.client();
await lenaClient.login("lena");
const ottoClient = t.client();
await ottoClient.login("otto");

const pusher = webPusher(await vapidKeys(t.sql), "mailto:buero@fahrschule.example");
// No mailer: the e-mails stay waiting, the push messages go out all the same.
const pass = () => deliverDue(t.sql, undefined, { workerId: "w1", leaseSeconds: 60, pusher });

/** Devices by path on the push service, with the keys that open their messages. */
const devices = new Map<string, DeviceKeys>();
async function subscribe(client: typeof lenaClient, path: string) {
  const keys = await makeDeviceKeys();
  devices.set(path, keys);
  const res = await client.post("/api/my-push-subscriptions/", {
    endpoint: `${peer.origin}${path}`,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  assertEquals(res.status, 200);
  return await res.json();
}

/** Every message that arrived since the last call, decrypted, by device path. */
async function opened() {
  const out: {
    path: string;
    title: string;
    body: string;
    url: string;
    vapid: Vapid;
    ttl: number;
  }[] = [];
  for (const r of peer.received.splice(0)) {
    assertEquals(r.headers.get("Content-Encoding"), "aes128gcm");
    const payload = JSON.parse(await devices.get(r.path)!.decrypt(r.body));
    out.push({ path: r.path, ...payload, vapid: r.vapid, ttl: Number(r.headers.get("TTL")) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

async function reset() {
  await clearOutbox(t.sql);
  peer.received.length = 0;
  answers.clear();
}

Deno.test("the VAPID key pair is made once and kept in the database", options, async () => {
  const first = await (await lenaClient.get("/api/my-push-subscriptions/key/")).json();
  const again = await (await ottoClient.get("/api/my-push-subscriptions/key/")).json();
  assertEquals(first.public_key, again.public_key);
  const rows = await t.sql`select public_key from push_vapid_keys`;
  assertEquals(rows.map((r) => r.public_key), [first.public_key]);
  // An uncompressed P-256 point, as PushManager.subscribe takes it.
  assertEquals(first.public_key.length, 87);
});

Deno.test(
  "a published plan reaches every device of each person once, German, decrypted with its keys",
  options,
  async () => {
    await reset();
    assertEquals((await subscribe(lenaClient, "/lena-telefon")).devices, 1);
    assertEquals((await subscribe(lenaClient, "/lena-laptop")).devices, 2);
    await subscribe(ottoClient, "/otto-telefon");
    for (const [day, start] of [["2030-03-05", "10:00"], ["2030-03-07", "15:00"]]) {
      await insertAppointment(t.sql, {
        student: lena,
        instructor: otto,
        day,
        start,
        minutes: 60,
        status: "pending",
      });
    }
    assertEquals((await admin.post("/api/admin/publish-plan/")).status, 200);
    assertEquals(await pass(), { sent: 3, retried: 0, failed: 0, expired: 0, uncertain: 0 });

    const messages = await opened();
    assertEquals(messages.map((m) => m.path), ["/lena-laptop", "/lena-telefon", "/otto-telefon"]);
    const toLena = messages[0];
    assertEquals(toLena.title, "Ihr Fahrplan: 2 neue Termine");
    assertEquals(
      toLena.body,
      "Di, 05.03.2030, 10:00 Uhr: Fahrstunde mit Otto Lehrer\n" +
        "Do, 07.03.2030, 15:00 Uhr: Fahrstunde mit Otto Lehrer",
    );
    assertEquals(toLena.url, "/kalender");
    assertEquals(messages[1].title, toLena.title);
    assert(messages[2].body.includes("Fahrstunde mit Lena Lernt"));

    // Signed (checked by the push service) with the school's key, for the push service's origin.
    const [{ public_key }] = await t.sql`select public_key from push_vapid_keys`;
    for (const m of messages) {
      assertEquals([m.vapid.key, m.vapid.aud, m.vapid.sub], [
        public_key,
        peer.origin,
        "mailto:buero@fahrschule.example",
      ]);
    }
    // Exactly once: a second pass sends nothing; the e-mails wait for SMTP_URL.
    assertEquals(await pass(), { sent: 0, retried: 0, failed: 0, expired: 0, uncertain: 0 });
    const rows = await t.sql`
      select channel, status, count(*)::int as n from notification_outbox
       group by channel, status order by channel`;
    assertEquals(rows.map((x) => [x.channel, x.status, x.n]), [
      ["email", "waiting", 2],
      ["push", "sent", 3],
    ]);
  },
);

Deno.test(
  // The devices subscribed in the test before: Lena's phone and laptop, Otto's phone.
  "a moved lesson: each device once; a device the push service answers 410 for is removed",
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
    // Lena uninstalled the app on her laptop: the push service has forgotten that device.
    answers.set("/lena-laptop", 410);
    const moved = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: "2030-04-03",
      start_time: "14:00",
      override_availability: true,
    });
    assertEquals(moved.status, 200);
    assertEquals(await pass(), { sent: 2, retried: 0, failed: 0, expired: 1, uncertain: 0 });
    const messages = await opened();
    assertEquals(messages.map((m) => m.path), ["/lena-telefon", "/otto-telefon"]);
    assertEquals(messages[0].title, "Termin verschoben: Fahrstunde am Mi, 03.04.2030 um 14:00 Uhr");
    assertEquals(
      messages[0].body,
      "Bisher: Di, 02.04.2030, 09:00 Uhr: Fahrstunde mit Otto Lehrer\n" +
        "Neu: Mi, 03.04.2030, 14:00 Uhr: Fahrstunde mit Otto Lehrer",
    );
    const left = await t.sql`select endpoint from push_subscriptions order by endpoint`;
    assertEquals(left.map((r) => new URL(r.endpoint).pathname), ["/lena-telefon", "/otto-telefon"]);
    // The office is not shown a device that is gone: nothing it could fix.
    const status = await (await admin.get("/api/admin/notification-status/")).json();
    assertEquals([status.failed, status.push_devices], [[], 2]);

    // The next change reaches only the devices that are left.
    const cancelled = await admin.post(`/api/admin/appointments/${id}/cancel/`, {
      reason: "Fahrzeug in der Werkstatt",
    });
    assertEquals(cancelled.status, 200);
    assertEquals((await pass()).sent, 2);
    const again = await opened();
    assertEquals(again.map((m) => m.path), ["/lena-telefon", "/otto-telefon"]);
    assertEquals(again[0].title, "Termin abgesagt: Fahrstunde am Mi, 03.04.2030 um 14:00 Uhr");
    assert(again[0].body.endsWith("\nGrund: Fahrzeug in der Werkstatt"));
  },
);

Deno.test(
  "a push service that is down: the message waits with backoff and goes out once later",
  options,
  async () => {
    await reset();
    answers.set("/otto-telefon", 503);
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-08-01",
      start: "09:00",
      status: "pending",
    });
    await admin.post("/api/admin/publish-plan/");
    assertEquals(await pass(), { sent: 1, retried: 1, failed: 0, expired: 0, uncertain: 0 });
    const [waiting] = await t.sql`
      select attempts, last_error, next_attempt_at > now() + interval '20 seconds' as later
        from notification_outbox where channel = 'push' and status = 'waiting'`;
    assertEquals([waiting.attempts, waiting.later], [1, true]);
    assert(waiting.last_error.includes("503"));
    // Not due yet: the next pass leaves it; once due and the service is back, it goes out.
    assertEquals((await pass()).sent, 0);
    answers.delete("/otto-telefon");
    await t.sql`update notification_outbox set next_attempt_at = now()`;
    assertEquals((await pass()).sent, 1);
    assertEquals((await opened()).map((m) => m.path), ["/lena-telefon", "/otto-telefon"]);
  },
);

Deno.test(
  "push is chosen per event: switched off, only the e-mail is queued",
  options,
  async () => {
    await reset();
    const saved = await lenaClient.put("/api/my-notification-settings/", {
      plan_published: true,
      lesson_changed: true,
      reminder: true,
      push: { plan_published: false, lesson_changed: true, reminder: true },
    });
    assertEquals(saved.status, 200);
    const answer = await saved.json();
    assertEquals([answer.push.plan_published, answer.push_devices], [false, 1]);
    // Saving the e-mail choices alone keeps the push choices.
    await lenaClient.put("/api/my-notification-settings/", {
      plan_published: true,
      lesson_changed: true,
      reminder: false,
    });
    const kept = await (await lenaClient.get("/api/my-notification-settings/")).json();
    assertEquals([kept.reminder, kept.push.plan_published], [false, false]);

    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-09-02",
      start: "09:00",
      status: "pending",
    });
    await admin.post("/api/admin/publish-plan/");
    const rows = await t.sql`
      select u.username, o.channel from notification_outbox o join users u on u.id = o.user_id
       order by u.username, o.channel`;
    assertEquals(rows.map((r) => `${r.username}:${r.channel}`), [
      "lena:email",
      "otto:email",
      "otto:push",
    ]);
  },
);

/** Lena's lesson with Otto three hours from now, inside the school's reminder hours. */
async function lessonInThreeHours() {
  const [{ soon }] = await t.sql`
    select to_char((now() + interval '3 hours') at time zone 'Europe/Berlin',
                   'YYYY-MM-DD HH24:MI') as soon`;
  const [day, start] = (soon as string).split(" ");
  await insertAppointment(t.sql, { student: lena, instructor: otto, day, start, minutes: 30 });
  return { day, start };
}

Deno.test(
  "reminders: once per lesson and device, within the school's hours",
  options,
  async () => {
    await reset();
    const { start } = await lessonInThreeHours();
    // Two e-mails and two push messages (Lena's phone, Otto's phone), and only once.
    assertEquals(await enqueueReminders(t.sql), 4);
    assertEquals(await enqueueReminders(t.sql), 0);
    assertEquals((await pass()).sent, 2);
    const messages = await opened();
    assertEquals(messages.map((m) => m.path), ["/lena-telefon", "/otto-telefon"]);
    assert(messages[0].title.startsWith("Erinnerung: Fahrstunde am "));
    assert(messages[0].title.endsWith(`um ${start} Uhr`));
    assert(messages[0].body.endsWith("mit Otto Lehrer\nTreffpunkt: Kley"));
    // The reminder ends when its lesson begins: the push service need not keep it longer.
    assert(messages.every((m) => m.ttl > 0 && m.ttl <= 3 * 3600), "TTL until the lesson");
  },
);

Deno.test(
  "reminders per each person's own choice: e-mail, push, both or neither",
  options,
  async () => {
    await reset();
    await lessonInThreeHours();
    const choose = (client: typeof lenaClient, email: boolean, push: boolean) =>
      client.put("/api/my-notification-settings/", {
        plan_published: true,
        lesson_changed: true,
        reminder: email,
        push: { plan_published: true, lesson_changed: true, reminder: push },
      });
    // Lena wants reminders on her phone only, Otto by e-mail only.
    assertEquals((await choose(lenaClient, false, true)).status, 200);
    assertEquals((await choose(ottoClient, true, false)).status, 200);
    assertEquals(await enqueueReminders(t.sql), 2);
    const queued = async () =>
      (await t.sql`
        select u.username || ':' || o.channel as who from notification_outbox o
          join users u on u.id = o.user_id where o.event = 'reminder' order by 1`).map((r) =>
        r.who
      );
    assertEquals(await queued(), ["lena:push", "otto:email"]);
    // Both switch reminders off altogether: nothing more is queued (and nothing again).
    await t.sql`delete from notification_outbox`;
    await choose(lenaClient, false, false);
    await choose(ottoClient, false, false);
    assertEquals(await enqueueReminders(t.sql), 0);
    assertEquals(await queued(), []);
  },
);

Deno.test(
  "a push reminder queued before its lesson was moved is not sent; the new time's is",
  options,
  async () => {
    await reset();
    const [{ soon, later }] = await t.sql`
      select to_char(date_trunc('hour', (now() + interval '3 hours') at time zone 'Europe/Berlin'),
                     'YYYY-MM-DD HH24:MI') as soon,
             to_char(date_trunc('hour', (now() + interval '6 hours') at time zone 'Europe/Berlin'),
                     'YYYY-MM-DD HH24:MI') as later`;
    const [day, start] = (soon as string).split(" ");
    const id = await insertAppointment(t.sql, { student: lena, instructor: otto, day, start });
    // Lena's phone only: her e-mails stay waiting (no mailer), nothing else is sent.
    await t.sql`delete from push_subscriptions where user_id <> ${lena}`;
    assertEquals(await enqueueReminders(t.sql), 3, "Lena's push, Lena's and Otto's e-mail");
    const [newDay, newStart] = (later as string).split(" ");
    const moved = await admin.request("PATCH", `/api/admin/appointments/${id}/`, {
      date: newDay,
      start_time: newStart,
      override_availability: true,
    });
    assertEquals(moved.status, 200);
    assert((await enqueueReminders(t.sql)) >= 1);
    await pass();
    const reminders = (await opened()).filter((m) => m.title.startsWith("Erinnerung"));
    assertEquals(reminders.map((m) => m.title.slice(m.title.lastIndexOf(" um "))), [
      ` um ${newStart} Uhr`,
    ]);
  },
);

Deno.test(
  "a push service refusing with 403 is shown to the office in German; 410 still removes the device",
  options,
  async () => {
    await reset();
    await t.sql`delete from push_subscriptions`;
    // Lena's phone takes messages; her tablet is gone (410); Otto's phone's push service refuses
    // the school's key, as FCM does after the keys were replaced.
    for (
      const [client, path] of [
        [lenaClient, "/lena-telefon"],
        [lenaClient, "/lena-tablet"],
        [ottoClient, "/otto-telefon"],
      ] as const
    ) await subscribe(client, path);
    answers.set("/lena-tablet", 410);
    answers.set("/otto-telefon", {
      status: 403,
      body: "the key in the authorization header does not correspond to the sender ID",
    });
    const before = await (await admin.get("/api/admin/notification-status/")).json();
    assertEquals(before.push_failed, null);
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-10-01",
      start: "09:00",
      status: "pending",
    });
    assertEquals((await admin.post("/api/admin/publish-plan/")).status, 200);
    // A 403 is not tried again (the next try would be refused alike); the 410 device expires.
    assertEquals(await pass(), { sent: 1, retried: 0, failed: 1, expired: 1, uncertain: 0 });
    assertEquals((await opened()).map((m) => m.path), ["/lena-telefon"]);
    const left = await t.sql`select endpoint from push_subscriptions order by endpoint`;
    assertEquals(left.map((r) => new URL(r.endpoint).pathname), ["/lena-telefon", "/otto-telefon"]);
    const [row] = await t.sql`
      select status, last_status, last_error from notification_outbox
       where channel = 'push' and status = 'failed'`;
    assertEquals([row.status, row.last_status], ["failed", 403]);

    const status = await (await admin.get("/api/admin/notification-status/")).json();
    // The e-mail list stays the e-mails' (a refused address is what the office fixes there).
    assertEquals(status.failed, []);
    assertEquals(status.push_failed.count, 1);
    assertEquals(status.push_failed.last_status, 403);
    assertEquals(
      status.push_failed.last_error,
      "Push-Dienst antwortet 403: the key in the authorization header does not correspond " +
        "to the sender ID",
    );
    assertEquals(
      status.push_failed.explanation,
      "Der Push-Dienst erkennt den Schlüssel der Fahrschule (VAPID) nicht an. Meist wurde der " +
        "Schlüssel ersetzt, nachdem sich die Geräte angemeldet haben (z. B. durch eine " +
        "Sicherung einer anderen Installation), oder PUSH_CONTACT fehlt. Betroffene Personen " +
        "erlauben Benachrichtigungen auf ihrem Gerät neu.",
    );

    // 429 and 5xx are tried again as before and are no failure (yet).
    answers.set("/otto-telefon", 429);
    await insertAppointment(t.sql, {
      student: lena,
      instructor: otto,
      day: "2030-10-02",
      start: "09:00",
      status: "pending",
    });
    await admin.post("/api/admin/publish-plan/");
    assertEquals(await pass(), { sent: 1, retried: 1, failed: 0, expired: 0, uncertain: 0 });
    const [waiting] = await t.sql`
      select last_status from notification_outbox where channel = 'push' and status = 'waiting'`;
    assertEquals(waiting.last_status, 429);
    assertEquals(
      (await (await admin.get("/api/admin/notification-status/")).json()).push_failed.count,
      1,
    );
    // Failures older than a week are no longer shown.
    await t.sql`update notification_outbox set created_at = now() - interval '8 days'
                 where status = 'failed'`;
    assertEquals(
      (await (await admin.get("/api/admin/notification-status/")).json()).push_failed,
      null,
    );
  },
);
