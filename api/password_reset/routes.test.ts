/**
 * "Passwort vergessen?" (issue 23) on real Postgres with the e-mail going through the outbox to a
 * real SMTP server on loopback: the link works once, for an hour, ends the person's sessions, and
 * the answer never tells whether an address exists.
 */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { deliverDue } from "../../notify/delivery.ts";
import { smtpMailer } from "../../notify/mailer.ts";
import { startSmtpPeer } from "../../notify/testing/smtp_peer.ts";
import { resetRequestedMessage } from "./routes.ts";

const t = await createTestApp("password_reset");
const smtp = await startSmtpPeer();
const mailer = smtpMailer(smtp.url, "Fahrschule <buero@fahrschule.example>");
Deno.test.afterAll?.(async () => {
  mailer.close();
  await smtp.close();
  await t.close();
});
const options = { sanitizeOps: false, sanitizeResources: false };
await insertUser(t.sql, {
  username: "vera",
  role: "student",
  first_name: "Vera",
  last_name: "Vergesslich",
  email: "Vera@Example.org",
});

async function requestLink(email: string) {
  const client = t.client();
  await client.fetchCsrf();
  return await client.post("/api/auth/password-reset/", { email });
}

/** Delivers the outbox and answers the token of the newest link e-mailed. */
async function linkToken(): Promise<string> {
  await deliverDue(t.sql, mailer, { workerId: "test", leaseSeconds: 60 });
  const mail = smtp.received.at(-1)!;
  const link = mail.text.match(/http:\/\/localhost\/passwort-neu#([0-9a-f]+)/);
  assert(link, mail.text);
  return link[1];
}

async function confirm(token: string, new_password: string) {
  const client = t.client();
  await client.fetchCsrf();
  return await client.post("/api/auth/password-reset/confirm/", { token, new_password });
}

Deno.test("without e-mail set up the office is the way: nothing is sent", options, async () => {
  t.config.emailConfigured = false;
  const info = await (await t.client().get("/api/auth/password-reset/")).json();
  assertEquals(info, { email_configured: false });
  const res = await requestLink("vera@example.org");
  assertEquals(res.status, 409);
  assert((await res.json()).error.includes("wenden Sie sich an das Fahrschulbüro"));
  assertEquals((await t.sql`select count(*)::int as n from notification_outbox`)[0].n, 0);
});

Deno.test(
  "a link by e-mail sets a new password once and ends the person's sessions",
  options,
  async () => {
    t.config.emailConfigured = true;
    const vera = t.client();
    await vera.login("vera");
    assertEquals((await vera.get("/api/auth/current-user/")).status, 200);

    // Any capitalisation of the address; the same answer as for an unknown one.
    const known = await requestLink("vera@example.ORG");
    const unknown = await requestLink("niemand@example.org");
    assertEquals([known.status, unknown.status], [200, 200]);
    assertEquals(await known.json(), { message: resetRequestedMessage });
    assertEquals(await unknown.json(), { message: resetRequestedMessage });

    const token = await linkToken();
    assertEquals(smtp.received.length, 1, "nothing for the unknown address");
    const mail = smtp.received[0];
    // To the stored address (the server writes its domain in small letters).
    assertEquals(mail.to.map((a) => a.toLowerCase()), ["vera@example.org"]);
    assertEquals(mail.subject, "Neues Passwort für Fahrplan");
    assert(mail.text.startsWith("Hallo Vera Vergesslich,"));
    assert(mail.text.includes("er gilt eine Stunde und nur einmal"));
    // 256 random bits; the database keeps only the hash.
    assertEquals(token.length, 64);
    const [stored] = await t.sql`select token_hash from password_reset_tokens`;
    assert(stored.token_hash !== token);

    // The spec's rules apply, and a refused password leaves the link usable.
    const weak = await confirm(token, "kurz");
    assertEquals(weak.status, 400);
    assertEquals(
      (await weak.json()).error,
      "Das neue Passwort muss mindestens 10 Zeichen lang sein.",
    );
    const ok = await confirm(token, "ein-ganz-neues-passwort");
    assertEquals(ok.status, 200);

    assertEquals((await vera.get("/api/auth/current-user/")).status, 401, "sessions ended");
    const fresh = t.client();
    await fresh.login("vera", "ein-ganz-neues-passwort");
    const old = t.client();
    await old.fetchCsrf();
    const oldLogin = await old.post("/api/auth/login/", {
      username: "vera",
      password: "geheim-passwort-1",
    });
    assertEquals(oldLogin.status, 401);

    const again = await confirm(token, "noch-ein-anderes-passwort");
    assertEquals(again.status, 400);
    assert((await again.json()).error.startsWith("Der Link ist ungültig, abgelaufen"));
  },
);

Deno.test("a link older than an hour no longer works", options, async () => {
  t.config.emailConfigured = true;
  await requestLink("vera@example.org");
  const token = await linkToken();
  await t.sql`update password_reset_tokens set expires_at = now() - interval '1 second'
               where used_at is null`;
  const res = await confirm(token, "ein-anderes-passwort-2");
  assertEquals(res.status, 400);
});
