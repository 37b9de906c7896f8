import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { createApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { sha256Hex } from "./tokens.ts";
import { sessionUserSchema } from "../../common/contract/session.ts";

const t = await createTestApp("auth");
await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Anna",
  last_name: "Admin",
});
await insertUser(t.sql, { username: "schueler", role: "student", email: "max@example.de" });

Deno.test.afterAll?.(() => t.close());

Deno.test("a wrong password answers 401 with the German message", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", { username: "chef", password: "falsch" });
  assertEquals(res.status, 401);
  assertEquals(
    (await res.json()).error,
    "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.",
  );
});

Deno.test("an unknown username gets the same answer as a wrong password", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", { username: "niemand", password: "x" });
  assertEquals(res.status, 401);
  assertEquals(await res.json(), {
    error: "Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.",
    code: "login_failed",
  });
});

Deno.test("login by username or e-mail returns the user; current-user knows them", async () => {
  const client = t.client();
  await client.login("max@example.de");
  const me = await (await client.get("/api/auth/current-user/")).json();
  assertEquals(me.username, "schueler");
  assertContract(sessionUserSchema, me);
  assertEquals(me.is_staff, false);
  assertEquals(me.role, "student");
});

Deno.test("the session cookie is HttpOnly, SameSite=Lax, and Secure with __Host- over https", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", {
    username: "chef",
    password: "geheim-passwort-1",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sessionid="))!;
  assert(/HttpOnly/i.test(cookie) && /SameSite=Lax/i.test(cookie) && /Path=\//.test(cookie));
  assert(!/Secure/i.test(cookie), "no Secure flag over plain http");
  assert(/^sessionid=[0-9a-f]{64};/.test(cookie), "256-bit token");
  const [stored] = await t.sql`select count(*)::int as n from sessions where token_hash = ${
    cookie.slice(10, 74)
  }`;
  assertEquals(stored.n, 0, "the database holds only the hash, never the token");

  const secureCsrf = await t.app.request("https://fahrplan.example/api/csrf/");
  const token = (await secureCsrf.json()).csrfToken;
  const csrfCookie = secureCsrf.headers.getSetCookie()[0];
  assert(csrfCookie.startsWith("__Host-csrftoken=") && /Secure/.test(csrfCookie));
  const secureLogin = await t.app.request("https://fahrplan.example/api/auth/login/", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-CSRFToken": token,
      Cookie: `__Host-csrftoken=${token}`,
    },
    body: JSON.stringify({ username: "chef", password: "geheim-passwort-1" }),
  });
  assertEquals(secureLogin.status, 200);
  const secureSession = secureLogin.headers.getSetCookie()[0];
  assert(secureSession.startsWith("__Host-sessionid=") && /Secure/.test(secureSession));
});

Deno.test("each login gets a fresh token; after logout the old cookie is refused", async () => {
  const client = t.client();
  await client.login("chef");
  const first = client.cookies.get("sessionid");
  await client.login("chef");
  const second = client.cookies.get("sessionid");
  assert(first !== second);
  const res = await client.post("/api/auth/logout/");
  assertEquals(res.status, 200);
  const stale = t.client();
  stale.cookies.set("sessionid", second!);
  assertEquals((await stale.get("/api/auth/current-user/")).status, 401);
  const hashes = await Promise.all([first!, second!].map(sha256Hex));
  const [left] = await t.sql`select count(*)::int as n from sessions where token_hash in ${
    t.sql(hashes)
  }`;
  assertEquals(left.n, 0, "the replaced and the logged-out session are both gone");
});

Deno.test("a session idle for more than 12 hours has ended", async () => {
  const client = t.client();
  await client.login("chef");
  await t.sql`update sessions set last_seen_at = now() - interval '13 hours'`;
  assertEquals((await client.get("/api/auth/current-user/")).status, 401);
});

Deno.test("a POST without the CSRF header is refused with 403 and a German message", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", {
    username: "chef",
    password: "geheim-passwort-1",
  }, {
    "X-CSRFToken": "",
  });
  assertEquals(res.status, 403);
  assert((await res.json()).error.includes("Sicherheitsprüfung"));
  const forged = await client.post("/api/auth/login/", { username: "chef", password: "x" }, {
    "X-CSRFToken": "a".repeat(64),
  });
  assertEquals(forged.status, 403, "a header that does not match the cookie");
});

Deno.test("admin routes: 401 for visitors, 403 for students", async () => {
  const visitor = t.client();
  const anonymous = await visitor.get("/api/admin/users/");
  assertEquals(anonymous.status, 401);
  const student = t.client();
  await student.login("schueler");
  const forbidden = await student.get("/api/admin/users/");
  assertEquals(forbidden.status, 403);
  assertEquals((await forbidden.json()).code, "forbidden");
});

Deno.test("unknown /api paths answer a JSON 404; answers carry the security headers", async () => {
  const res = await t.client().get("/api/gibt-es-nicht/");
  assertEquals(res.status, 404);
  assertEquals((await res.json()).code, "not_found");
  assert(res.headers.get("Content-Security-Policy")!.includes("frame-ancestors 'none'"));
  assertEquals(res.headers.get("X-Content-Type-Options"), "nosniff");
  // Plain http here: HSTS only behind TLS (SECURE_COOKIES=1), see the next test.
  assertEquals(res.headers.get("Strict-Transport-Security"), null);
  assert(res.headers.get("Referrer-Policy"));
  assertEquals(res.headers.get("Cache-Control"), "no-store");
});

Deno.test("HSTS is sent behind a TLS proxy (SECURE_COOKIES=1) and over https", async () => {
  const behindProxy = createApp({
    sql: t.sql,
    config: readConfig({ DATABASE_URL: t.url, PORT: "0", SECURE_COOKIES: "1" }),
  });
  const proxied = await behindProxy.request("http://localhost/api/gibt-es-nicht/");
  assertEquals(
    proxied.headers.get("Strict-Transport-Security"),
    "max-age=31536000; includeSubDomains",
  );
  const direct = await t.app.request("https://localhost/api/gibt-es-nicht/");
  assert(direct.headers.get("Strict-Transport-Security"));
});

Deno.test("an oversized body is refused with 413", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", {
    username: "x".repeat(2_000_000),
    password: "y",
  });
  assertEquals(res.status, 413);
});

Deno.test("the 11th failed login within 15 minutes answers 429", async () => {
  await insertUser(t.sql, { username: "opfer", role: "student" });
  const client = t.client();
  await client.fetchCsrf();
  for (let i = 0; i < 10; i++) {
    const res = await client.post("/api/auth/login/", {
      username: "opfer",
      password: `falsch${i}`,
    });
    assertEquals(res.status, 401);
  }
  const locked = await client.post("/api/auth/login/", {
    username: "opfer",
    password: "geheim-passwort-1",
  });
  assertEquals(locked.status, 429);
  assert(/Bitte versuchen Sie es um \d\d:\d\d Uhr erneut/.test((await locked.json()).error));
});
