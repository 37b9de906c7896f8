import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { deleteExpiredSessions } from "./queries.ts";

const t = await createTestApp("auth_sessions");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lena", role: "student" });
Deno.test.afterAll?.(() => t.close());

Deno.test("a session in daily use still ends 30 days after sign-in", async () => {
  const client = t.client();
  await client.login("chef");
  await t.sql`update sessions set created_at = now() - interval '31 days', last_seen_at = now()`;
  assertEquals((await client.get("/api/auth/current-user/")).status, 401);
});

Deno.test("the periodic clean-up deletes idle and too old sessions, and keeps live ones", async () => {
  await t.sql`delete from sessions`;
  const idle = t.client();
  await idle.login("chef");
  await t.sql`update sessions set last_seen_at = now() - interval '13 hours'`;
  const old = t.client();
  await old.login("lena");
  await t.sql`update sessions set created_at = now() - interval '31 days'
              where last_seen_at > now() - interval '1 hour'`;
  const live = t.client();
  await live.login("lena");
  assertEquals(await deleteExpiredSessions(t.sql), 2);
  const [{ n }] = await t.sql`select count(*)::int as n from sessions`;
  assertEquals(n, 1);
  assertEquals((await live.get("/api/auth/current-user/")).status, 200);
});

Deno.test("a CSRF token of another session is refused; the own session's token passes", async () => {
  const chef = t.client();
  await chef.login("chef");
  const lena = t.client();
  await lena.login("lena");
  assert(chef.csrf !== lena.csrf, "each session has its own token");
  // The attacker's token in header and cookie alike (double submit) is not enough any more.
  const res = await chef.post("/api/admin/vehicles/add/", { name: "DO-AB 1" }, {
    "X-CSRFToken": lena.csrf,
    Cookie: `sessionid=${chef.cookies.get("sessionid")}; csrftoken=${lena.csrf}`,
  });
  assertEquals(res.status, 403);
  assertEquals((await res.json()).code, "csrf_failed");
  const own = await chef.post("/api/admin/vehicles/add/", { name: "DO-AB 1" });
  assertEquals(own.status, 201);
});

Deno.test("before sign-in the csrftoken cookie still works, so login is possible", async () => {
  const client = t.client();
  await client.fetchCsrf();
  const res = await client.post("/api/auth/login/", {
    username: "lena",
    password: "geheim-passwort-1",
  });
  assertEquals(res.status, 200);
});

Deno.test("a change of role, password or active flag ends the user's sessions", async () => {
  const lena = t.client();
  await lena.login("lena");
  await t.sql`update users set password_hash = password_hash || '' where username = 'lena'`;
  assertEquals((await lena.get("/api/auth/current-user/")).status, 200, "no real change");
  await t.sql`update users set is_active = false where username = 'lena'`;
  await t.sql`update users set is_active = true where username = 'lena'`;
  assertEquals((await lena.get("/api/auth/current-user/")).status, 401);
  const [{ n }] = await t.sql`
    select count(*)::int as n from sessions s join users u on u.id = s.user_id
    where u.username = 'lena'
  `;
  assertEquals(n, 0);
});
