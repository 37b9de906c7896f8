import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, TestClient } from "../testing/test_app.ts";
import { createApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { maxConcurrentReservations } from "./throttle.ts";

const t = await createTestApp("auth_throttle");
Deno.test.afterAll?.(() => t.close());

const rightPassword = "geheim-passwort-1";

async function signedOutClient(address?: string) {
  const client = t.client(address);
  await client.fetchCsrf();
  return client;
}

async function login(address: string, username: string, password: string) {
  const client = await signedOutClient(address);
  const res = await client.post("/api/auth/login/", { username, password });
  await res.body?.cancel();
  return res.status;
}

Deno.test("60 parallel logins, the right password at #55: none gets in after 10 failures", async () => {
  await insertUser(t.sql, { username: "race", role: "student" });
  const statuses = await Promise.all(
    Array.from(
      { length: 60 },
      (_, i) => login(`10.0.0.${i}`, "race", i === 54 ? rightPassword : `falsch-${i}`),
    ),
  );
  const count = (status: number) => statuses.filter((s) => s === status).length;
  assertEquals(count(200), 0, `statuses: ${statuses.join(",")}`);
  assertEquals(count(401), 10);
  assertEquals(count(429), 50);
});

Deno.test("username and e-mail of one account share one counter", async () => {
  await insertUser(t.sql, { username: "doppel", role: "student", email: "doppel@example.de" });
  for (let i = 0; i < 5; i++) assertEquals(await login("10.1.0.1", "doppel", `x${i}`), 401);
  for (let i = 0; i < 5; i++) {
    assertEquals(await login("10.1.0.2", "doppel@example.de", `y${i}`), 401);
  }
  assertEquals(await login("10.1.0.3", "DOPPEL", rightPassword), 429);
});

Deno.test("one address spraying one password over 40 usernames is stopped after 30", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) statuses.push(await login("10.2.0.1", `spray${i}`, "Sommer2026!"));
  assertEquals(statuses.filter((s) => s === 401).length, 30);
  assertEquals(statuses.slice(30).every((s) => s === 429), true);
  // Another address is not affected.
  await insertUser(t.sql, { username: "nachbar", role: "student" });
  assertEquals(await login("10.2.0.2", "nachbar", rightPassword), 200);
});

Deno.test("a locked account tells when to try again", async () => {
  await insertUser(t.sql, { username: "gesperrt", role: "student" });
  for (let i = 0; i < 10; i++) assertEquals(await login(`10.3.0.${i}`, "gesperrt", `z${i}`), 401);
  const client = await signedOutClient("10.3.1.1");
  const res = await client.post("/api/auth/login/", { username: "gesperrt", password: "z" });
  assertEquals(res.status, 429);
  const { error } = await res.json();
  assert(/versuchen Sie es (um \d\d:\d\d Uhr|in \d+ Minuten?) erneut/.test(error), error);
});

Deno.test("the owner's browser that signed in before still gets in while strangers locked the account", async () => {
  await insertUser(t.sql, { username: "chefin", role: "admin" });
  const owner = t.client("10.4.0.1");
  await owner.login("chefin");
  await owner.post("/api/auth/logout/");
  await owner.fetchCsrf();
  for (let i = 0; i < 12; i++) await login(`10.4.1.${i}`, "chefin", `fremd${i}`);
  assertEquals(await login("10.4.2.1", "chefin", rightPassword), 429, "a new browser waits");
  const res = await owner.post("/api/auth/login/", { username: "chefin", password: rightPassword });
  assertEquals(res.status, 200, "the known browser is not locked out by strangers");
});

Deno.test("a login flood from one address waits off the database pool, signed-in users get through", async () => {
  // Each attempt of one address waits for that address's advisory lock; waiting inside its
  // transaction it held a pool connection, so 50 of them took the whole pool of 10.
  await insertUser(t.sql, { username: "drinnen", role: "student" });
  const member = t.client("10.9.0.1");
  await member.login("drinnen");
  const clients = await Promise.all(
    Array.from({ length: 50 }, () => signedOutClient("10.9.9.9")),
  );
  let flooding = true;
  let mostWaiting = 0;
  const sampler = (async () => {
    while (flooding) {
      const [{ n }] = await t.sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and wait_event = 'advisory'
      `;
      mostWaiting = Math.max(mostWaiting, n);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const flood = Promise.all(clients.map(async (client, i) => {
    const res = await client.post("/api/auth/login/", {
      username: `fremd-${i}`,
      password: "falsch",
    });
    await res.body?.cancel();
    return res.status;
  }));
  const me = await member.get("/api/auth/current-user/");
  assertEquals(me.status, 200);
  const statuses = await flood;
  flooding = false;
  await sampler;
  assert(statuses.every((s) => s === 401 || s === 429), statuses.join(","));
  // At most two reservations run at once, so at most two connections wait for a lock (one
  // waits, and on a busy machine the next one can show as waiting before the first has woken).
  assert(
    mostWaiting <= maxConcurrentReservations,
    `${mostWaiting} connections waited for an advisory lock at once`,
  );
});

Deno.test("20 parallel logins with the right password all get in (issue 24)", async () => {
  await insertUser(t.sql, { username: "zwanzig", role: "student" });
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => login(`10.20.0.${i}`, "zwanzig", rightPassword)),
  );
  assertEquals(statuses.filter((s) => s === 200).length, 20, `statuses: ${statuses.join(",")}`);
});

Deno.test("behind a trusted proxy, one address's failures do not block another's sign-in", async () => {
  const proxied = createApp({
    sql: t.sql,
    config: readConfig({ DATABASE_URL: t.url, PORT: "0", TRUSTED_PROXIES: "127.0.0.1/32" }),
  });
  await insertUser(t.sql, { username: "hinterproxy", role: "student" });
  const viaProxy = async (forwardedFor: string, username: string, password: string) => {
    const client = new TestClient(proxied, "127.0.0.1");
    await client.fetchCsrf();
    const res = await client.post("/api/auth/login/", { username, password }, {
      "X-Forwarded-For": forwardedFor,
    });
    await res.body?.cancel();
    return res.status;
  };
  for (let i = 0; i < 30; i++) {
    assertEquals(await viaProxy("198.51.100.66", `fremd${i}`, "falsch"), 401);
  }
  assertEquals(await viaProxy("198.51.100.66", "hinterproxy", rightPassword), 429);
  assertEquals(await viaProxy("198.51.100.77", "hinterproxy", rightPassword), 200);
});

Deno.test("a browser that signed in before keeps its allowance when its address is locked", async () => {
  await insertUser(t.sql, { username: "heimgeraet", role: "student" });
  const owner = t.client("10.30.0.1");
  await owner.login("heimgeraet");
  for (let i = 0; i < 30; i++) assertEquals(await login("10.30.0.1", `spray${i}`, "falsch"), 401);
  assertEquals(await login("10.30.0.1", "heimgeraet", rightPassword), 429);
  const res = await owner.post("/api/auth/login/", {
    username: "heimgeraet",
    password: rightPassword,
  });
  assertEquals(res.status, 200, await res.text());
});
