/**
 * Accounts people can keep (issue 23) on real Postgres: changing one's own password, the office's
 * reset, deactivating and activating a person, the first admin's forced change, sign-in by
 * username or e-mail.
 */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";
import { createAdmin } from "../../scripts/admins.ts";

const t = await createTestApp("accounts");
await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Anna",
  last_name: "Admin",
});
const studentId = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  last_name: "Lernt",
  email: "Lena.Lernt@example.de",
});
const instructorId = await insertUser(t.sql, {
  username: "otto",
  role: "instructor",
  first_name: "Otto",
  last_name: "Lehrer",
});

Deno.test.afterAll?.(() => t.close());

async function signedIn(username: string, password?: string): Promise<TestClient> {
  const client = t.client();
  await client.login(username, password);
  return client;
}

async function tryLogin(username: string, password: string) {
  const client = t.client();
  await client.fetchCsrf();
  return await client.post("/api/auth/login/", { username, password });
}

Deno.test("change-password: the current password is required and checked", async () => {
  const user = await insertUser(t.sql, { username: "wechsel1", role: "student" });
  const client = await signedIn("wechsel1");
  const missing = await client.post("/api/auth/change-password/", {
    new_password: "ein-neues-passwort",
  });
  assertEquals(missing.status, 400);
  assertEquals((await missing.json()).error, "Bitte geben Sie Ihr aktuelles Passwort ein.");
  const wrong = await client.post("/api/auth/change-password/", {
    current_password: "falsch-falsch",
    new_password: "ein-neues-passwort",
  });
  assertEquals(wrong.status, 400);
  assertEquals((await wrong.json()).error, "Das aktuelle Passwort ist nicht richtig.");
  const [row] = await t.sql`select count(*)::int as n from sessions where user_id = ${user}`;
  assertEquals(row.n, 1, "a wrong current password ends nothing");
});

Deno.test("change-password: guessing the current password is throttled like a login", async () => {
  await insertUser(t.sql, { username: "rater", role: "student" });
  const client = await signedIn("rater");
  for (let i = 0; i < 10; i++) {
    const res = await client.post("/api/auth/change-password/", {
      current_password: `falsch-${i}`,
      new_password: "ein-neues-passwort",
    });
    assertEquals(res.status, 400);
  }
  const locked = await client.post("/api/auth/change-password/", {
    current_password: "geheim-passwort-1",
    new_password: "ein-neues-passwort",
  });
  assertEquals(locked.status, 429);
});

Deno.test("change-password: the password rules answer in German", async () => {
  await insertUser(t.sql, { username: "regeln", role: "student" });
  const client = await signedIn("regeln");
  const cases: [string, string][] = [
    ["kurz", "Das neue Passwort muss mindestens 10 Zeichen lang sein."],
    ["x".repeat(129), "Das neue Passwort darf höchstens 128 Zeichen lang sein."],
    ["geheim-passwort-1", "Das neue Passwort muss sich vom bisherigen unterscheiden."],
    ["regeln-12345", "Das neue Passwort darf den Benutzernamen nicht enthalten."],
    ["          ", "Das neue Passwort darf nicht nur aus Leerzeichen bestehen."],
  ];
  for (const [password, message] of cases) {
    const res = await client.post("/api/auth/change-password/", {
      current_password: "geheim-passwort-1",
      new_password: password,
    });
    assertEquals(res.status, 400, password);
    assertEquals((await res.json()).error, message);
  }
});

Deno.test("change-password: argon2id, the old password fails, other sessions end, this one stays", async () => {
  const id = await insertUser(t.sql, { username: "wechsel2", role: "instructor" });
  const other = await signedIn("wechsel2");
  const client = await signedIn("wechsel2");
  const res = await client.post("/api/auth/change-password/", {
    current_password: "geheim-passwort-1",
    new_password: "Mein neues Passwort 2026",
  });
  assertEquals(res.status, 200);
  assertEquals((await res.json()).message, "Ihr Passwort wurde geändert.");
  const [stored] = await t.sql`select password_hash from users where id = ${id}`;
  assert(stored.password_hash.startsWith("$argon2id$"), stored.password_hash);
  assert(stored.password_hash.includes("m=19456"), "the cost of a chosen password");
  assertEquals((await client.get("/api/auth/current-user/")).status, 200, "this session stays");
  // The same CSRF token still works: the session is the same one.
  const again = await client.post("/api/auth/change-password/", {
    current_password: "Mein neues Passwort 2026",
    new_password: "noch ein anderes Passwort",
  });
  assertEquals(again.status, 200);
  assertEquals((await other.get("/api/auth/current-user/")).status, 401, "other sessions end");
  assertEquals((await tryLogin("wechsel2", "geheim-passwort-1")).status, 401);
  assertEquals((await tryLogin("wechsel2", "noch ein anderes Passwort")).status, 200);
});

Deno.test("change-password: visitors get 401, a missing CSRF header 403", async () => {
  const visitor = t.client();
  await visitor.fetchCsrf();
  const res = await visitor.post("/api/auth/change-password/", {
    current_password: "a",
    new_password: "b",
  });
  assertEquals(res.status, 401);
  const client = await signedIn("lena");
  const forged = await client.post("/api/auth/change-password/", {
    current_password: "geheim-passwort-1",
    new_password: "ein-neues-passwort",
  }, { "X-CSRFToken": "" });
  assertEquals(forged.status, 403);
});

Deno.test("reset-password: a new generated password, the old one fails at once, sessions end", async () => {
  const id = await insertUser(t.sql, {
    username: "vergessen",
    role: "student",
    first_name: "Vera",
    last_name: "Vergesslich",
  });
  const session = await signedIn("vergessen");
  const admin = await signedIn("chef");
  const res = await admin.post(`/api/admin/users/${id}/reset-password/`);
  assertEquals(res.status, 200);
  const answer = await res.json();
  assertEquals(answer.username, "vergessen");
  assertEquals(answer.name, "Vera Vergesslich");
  assert(/^[A-Za-z2-9]{16}$/.test(answer.password), answer.password);
  assertEquals((await session.get("/api/auth/current-user/")).status, 401);
  assertEquals((await tryLogin("vergessen", "geheim-passwort-1")).status, 401);
  assertEquals((await tryLogin("vergessen", answer.password)).status, 200);
  const [log] = await t.sql`
    select summary from audit_log where action = 'person.reset_password' order by id desc limit 1
  `;
  assertEquals(log.summary, "Passwort von Fahrschüler Vera Vergesslich zurückgesetzt");
});

Deno.test("reset-password: admin only, CSRF, unknown people 404, admins protected", async () => {
  const student = await signedIn("lena");
  assertEquals(
    (await student.post(`/api/admin/users/${instructorId}/reset-password/`)).status,
    403,
  );
  const admin = await signedIn("chef");
  const noCsrf = await admin.post(`/api/admin/users/${instructorId}/reset-password/`, {}, {
    "X-CSRFToken": "",
  });
  assertEquals(noCsrf.status, 403);
  assertEquals((await admin.post("/api/admin/users/999999/reset-password/")).status, 404);
  const [chef] = await t.sql`select id::int from users where username = 'chef'`;
  const own = await admin.post(`/api/admin/users/${chef.id}/reset-password/`);
  assertEquals(own.status, 403);
  assertEquals(
    (await own.json()).error,
    "Administratorkonten können hier nicht zurückgesetzt werden.",
  );
});

Deno.test("deactivate: no sign-in (German message), sessions end, future lessons affected, past kept", async () => {
  const id = await insertUser(t.sql, {
    username: "pause",
    role: "student",
    first_name: "Paul",
    last_name: "Pause",
  });
  const session = await signedIn("pause");
  const past = await insertAppointment(t.sql, {
    student: id,
    instructor: instructorId,
    day: "2025-01-07",
    start: "10:00",
  });
  const future = await insertAppointment(t.sql, {
    student: id,
    instructor: instructorId,
    day: "2030-01-08",
    start: "10:00",
  });
  const admin = await signedIn("chef");
  const res = await admin.post(`/api/admin/users/${id}/deactivate/`);
  assertEquals(res.status, 200);
  assertEquals(await res.json(), {
    message: "Paul Pause wurde deaktiviert.",
    is_active: false,
    affected: 1,
  });
  assertEquals((await session.get("/api/auth/current-user/")).status, 401, "sessions end");

  const refused = await tryLogin("pause", "geheim-passwort-1");
  assertEquals(refused.status, 403);
  assertEquals(
    (await refused.json()).error,
    "Dieses Konto ist deaktiviert. Bitte wenden Sie sich an die Fahrschule.",
  );
  // A wrong password still says only that the sign-in failed: nothing about the account.
  const wrong = await tryLogin("pause", "falsches-passwort");
  assertEquals((await wrong.json()).code, "login_failed");

  const affected = await (await admin.get("/api/admin/affected-appointments/")).json();
  const mine = affected.appointments.filter((a: { id: number }) => a.id === future);
  assertEquals(mine.length, 1, "the future lesson is listed as affected");
  assertEquals(mine[0].absences, [{
    role: "student",
    person_name: "Paul Pause",
    kind: "inactive",
    label: "Konto deaktiviert",
  }]);
  assert(!affected.appointments.some((a: { id: number }) => a.id === past));
  const [kept] = await t
    .sql`select count(*)::int as n from appointments where id in (${past}, ${future})`;
  assertEquals(kept.n, 2, "nothing is deleted");

  const rows = await (await admin.get("/api/admin/users/?role=student&search=Pause")).json();
  assertEquals(rows.results[0].is_active, false, "the list shows Inaktiv");

  const back = await admin.post(`/api/admin/users/${id}/activate/`);
  assertEquals(await back.json(), {
    message: "Paul Pause wurde aktiviert.",
    is_active: true,
    affected: 0,
  });
  assertEquals((await tryLogin("pause", "geheim-passwort-1")).status, 200);
  const after = await (await admin.get("/api/admin/affected-appointments/")).json();
  assert(!after.appointments.some((a: { id: number }) => a.id === future));
});

Deno.test("deactivate: admin only; admins cannot be deactivated here", async () => {
  const student = await signedIn("lena");
  assertEquals((await student.post(`/api/admin/users/${studentId}/deactivate/`)).status, 403);
  const admin = await signedIn("chef");
  const [chef] = await t.sql`select id::int from users where username = 'chef'`;
  assertEquals((await admin.post(`/api/admin/users/${chef.id}/deactivate/`)).status, 403);
  assertEquals((await admin.post("/api/admin/users/0/activate/")).status, 404);
});

Deno.test("the first admin must choose a password; current-user says so until done", async () => {
  const password = await createAdmin(t.sql, "erster");
  const client = await signedIn("erster", password);
  const me = await (await client.get("/api/auth/current-user/")).json();
  assertEquals(me.must_change_password, true);
  const changed = await client.post("/api/auth/change-password/", {
    current_password: password,
    new_password: "Das ist jetzt meins!",
  });
  assertEquals(changed.status, 200);
  const after = await (await client.get("/api/auth/current-user/")).json();
  assertEquals(after.must_change_password, false);
  // An admin whose password was typed in (create-admin --password-stdin) chose it already.
  await createAdmin(t.sql, "zweiter", "selbst-gewaehlt-123");
  const second = await signedIn("zweiter", "selbst-gewaehlt-123");
  assertEquals(
    (await (await second.get("/api/auth/current-user/")).json()).must_change_password,
    false,
  );
});

Deno.test("sign-in takes the username or the e-mail address, in any case", async () => {
  for (const login of ["lena", "LENA", "lena.lernt@example.de", "LENA.LERNT@EXAMPLE.DE"]) {
    const res = await tryLogin(login, "geheim-passwort-1");
    assertEquals(res.status, 200, login);
    assertEquals((await res.json()).username, "lena");
  }
});
