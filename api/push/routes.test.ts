/** The person's own push devices: who may, what is checked (German), whose device is whose. */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("push_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lena", role: "student" });
await insertUser(t.sql, { username: "otto", role: "instructor" });
Deno.test.afterAll?.(() => t.close());

async function signedIn(username: string) {
  const client = t.client();
  await client.login(username);
  return client;
}

// A real browser key: an uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
  "deriveBits",
]);
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const keys = {
  p256dh: b64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))),
  auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
};
const endpoint = "https://push.example.org/send/abc123";

Deno.test("signed in students and instructors only", async () => {
  assertEquals((await t.client().get("/api/my-push-subscriptions/key/")).status, 401);
  const admin = await signedIn("chef");
  const refused = await admin.post("/api/my-push-subscriptions/", { endpoint, keys });
  assertEquals(refused.status, 403);
  assertEquals(
    (await refused.json()).error,
    "Push-Benachrichtigungen gibt es für Fahrschüler und Fahrlehrer.",
  );
  assertEquals((await admin.get("/api/my-push-subscriptions/key/")).status, 403);
});

Deno.test("a subscription is checked, with German messages", async () => {
  const lena = await signedIn("lena");
  for (
    const [body, message] of [
      [{ endpoint: "kein Link", keys }, "Die Adresse des Push-Dienstes ist ungültig."],
      [
        { endpoint, keys: { ...keys, p256dh: keys.auth } },
        "Der Schlüssel des Geräts ist ungültig.",
      ],
      [{ endpoint, keys: { ...keys, auth: "!!" } }, "Das Geheimnis des Geräts ist ungültig."],
      [{ endpoint }, "Die Schlüssel des Geräts fehlen."],
      // The worker posts to it: not to a service of the machine itself, not without TLS.
      [{ endpoint: "http://push.example.org/x", keys }, "Der Push-Dienst muss über https://"],
      [{ endpoint: "https://127.0.0.1:5432/", keys }, "Der Push-Dienst muss über https://"],
      [{ endpoint: "http://localhost:8000/api/", keys }, "Der Push-Dienst muss über https://"],
    ] as const
  ) {
    const res = await lena.post("/api/my-push-subscriptions/", body);
    assertEquals(res.status, 400, JSON.stringify(body));
    assert((await res.json()).error.startsWith(message), message);
  }
  assertEquals((await t.sql`select count(*)::int as n from push_subscriptions`)[0].n, 0);
});

Deno.test("a device is one person's; only they remove it", async () => {
  const lena = await signedIn("lena");
  const otto = await signedIn("otto");
  const first = await lena.post("/api/my-push-subscriptions/", { endpoint, keys });
  assertEquals(await first.json(), {
    message: "Benachrichtigungen auf diesem Gerät sind eingeschaltet.",
    devices: 1,
  });
  // Subscribing again (the browser renewed it) keeps one device.
  assertEquals(
    (await (await lena.post("/api/my-push-subscriptions/", { endpoint, keys })).json())
      .devices,
    1,
  );
  // Otto cannot remove Lena's device.
  const foreign = await otto.post("/api/my-push-subscriptions/remove/", { endpoint });
  assertEquals((await foreign.json()).devices, 0);
  assertEquals((await t.sql`select count(*)::int as n from push_subscriptions`)[0].n, 1);
  // Otto signs in on the same phone: the device becomes his, and a message for Lena that still
  // waits is not shown to him.
  const [{ id: lenaDevice }] = await t.sql`select id from push_subscriptions`;
  await t.sql`
    insert into notification_outbox (user_id, channel, event, address, subject, body,
                                     push_subscription_id)
    select user_id, 'push', 'reminder', 'Gerät', 'Erinnerung', 'für Lena', id
      from push_subscriptions`;
  assertEquals(
    (await (await otto.post("/api/my-push-subscriptions/", { endpoint, keys })).json()).devices,
    1,
  );
  const [owner] = await t.sql`
    select u.username from push_subscriptions s join users u on u.id = s.user_id`;
  assertEquals(owner.username, "otto");
  const [waiting] = await t.sql`select push_subscription_id from notification_outbox`;
  assertEquals(waiting.push_subscription_id, null, `not device ${lenaDevice} any more`);
  const removed = await otto.post("/api/my-push-subscriptions/remove/", { endpoint });
  assertEquals(await removed.json(), {
    message: "Benachrichtigungen auf diesem Gerät sind ausgeschaltet.",
    devices: 0,
  });
  assertEquals((await t.sql`select count(*)::int as n from push_subscriptions`)[0].n, 0);
});
