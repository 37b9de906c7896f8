import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, RawBody } from "../testing/test_app.ts";

const t = await createTestApp("input_guard");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lena", role: "student" });
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());

/** The answer of a refused input: German 400 naming the field, never a 500. */
async function assertRefused(res: Response, field: string) {
  const body = await res.json();
  assertEquals(res.status, 400, JSON.stringify(body));
  assertEquals(body.error, `Das Feld „${field}“ enthält unzulässige Steuerzeichen.`);
}

Deno.test("a NUL byte in the login name is refused before sign-in, not answered 500", async () => {
  const anonymous = t.client();
  await anonymous.fetchCsrf();
  const res = await anonymous.post("/api/auth/login/", { username: "adm\u0000in", password: "x" });
  await assertRefused(res, "username");
});

Deno.test("a NUL byte in a list search is refused", async () => {
  await assertRefused(await admin.get("/api/admin/users/?role=student&search=a%00b"), "search");
  await assertRefused(await admin.get("/api/admin/appointments/?search=%00"), "search");
});

Deno.test("a NUL byte in a vehicle name or a person's name is refused", async () => {
  await assertRefused(await admin.post("/api/admin/vehicles/add/", { name: "DO\u0000X" }), "name");
  const res = await admin.post("/api/admin/students/create-manual/", {
    first_name: "Le\u0000na",
    last_name: "Offline",
  });
  await assertRefused(res, "first_name");
});

Deno.test("names refuse line breaks and direction overrides; notes keep their lines", async () => {
  await assertRefused(
    await admin.post("/api/admin/vehicles/add/", { name: "DO-FS\n1" }),
    "name",
  );
  const spoof = await admin.post("/api/admin/students/create-manual/", {
    first_name: "Anna\u202eanoL",
    last_name: "Offline",
  });
  await assertRefused(spoof, "first_name");
  const lena = t.client();
  await lena.login("lena");
  const res = await lena.post("/api/my-special-dates/", {
    special_dates: [{ date: "2027-05-03", is_unavailable: true, description: "Urlaub\nam Meer" }],
  });
  assertEquals(res.status < 300, true, await res.text());
});

Deno.test("a NUL byte in an absence description is refused", async () => {
  const lena = t.client();
  await lena.login("lena");
  const res = await lena.post("/api/my-special-dates/", {
    special_dates: [{ date: "2027-05-03", is_unavailable: true, description: "a\u0000" }],
  });
  await assertRefused(res, "special_dates.0.description");
});

Deno.test("a NUL byte inside an uploaded CSV gives a German 4xx, never 500", async () => {
  const form = new FormData();
  const csv = "username;day_of_week;start_time;end_time\r\nle\u0000na;1;08:00;09:00\r\n";
  form.append("file", new File([csv], "verfuegbarkeiten.csv", { type: "text/csv" }));
  const res = await admin.post("/api/admin/availabilities/import/", form);
  const body = await res.json();
  assertEquals(res.status >= 400 && res.status < 500, true, JSON.stringify(body));
  assertEquals(typeof body.error, "string");
});

Deno.test("validation details are German, under a German error naming the field", async () => {
  const anonymous = t.client();
  await anonymous.fetchCsrf();
  const res = await anonymous.post("/api/auth/login/", { username: 123, password: "x" });
  assertEquals(res.status, 400);
  const body = await res.json();
  assertEquals(body.error, "Ungültige Eingabe im Feld „username“.");
  assertEquals(body.details[0].message, "Ungültige Eingabe: erwartet string, erhalten Zahl");
});

Deno.test("other spellings of JSON go through the same check (issue 24)", async () => {
  const spoof = JSON.stringify({ first_name: "Anna\u202eanoL", last_name: "Offline" });
  for (
    const type of ["Application/Json", "application/x+json", "APPLICATION/JSON; charset=utf-8"]
  ) {
    const res = await admin.post(
      "/api/admin/students/create-manual/",
      new RawBody(spoof, type),
    );
    await assertRefused(res, "first_name");
  }
});

Deno.test("a body type a route does not take answers 415, even with JSON inside", async () => {
  const body = JSON.stringify({ first_name: "Anna\nLena" });
  for (
    const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]
  ) {
    const res = await admin.put("/api/admin/users/1/", new RawBody(body, type));
    assertEquals(res.status, 415, type);
    assertEquals(
      (await res.json()).error,
      "Dieses Datenformat wird hier nicht angenommen. Bitte senden Sie JSON.",
    );
  }
});

Deno.test("multipart bodies are taken only by the upload routes", async () => {
  const anonymous = t.client();
  await anonymous.fetchCsrf();
  const form = new FormData();
  form.append("username", "chef");
  form.append("password", "geheim-passwort-1");
  const res = await anonymous.post("/api/auth/login/", form);
  assertEquals(res.status, 415);
});

Deno.test("an anonymous upload is refused before its body is read", async () => {
  // A body that never ends: a guard that read it before the sign-in check would never answer.
  let cancelled = false;
  const endless = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode("--x\r\n")),
    cancel: () => {
      cancelled = true;
    },
  });
  const anonymous = t.client();
  const csrf = await anonymous.fetchCsrf();
  const cookie = [...anonymous.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const answer = t.app.request("http://localhost/api/admin/import/students/", {
    method: "POST",
    headers: {
      "Content-Type": "multipart/form-data; boundary=x",
      "Transfer-Encoding": "chunked",
      "X-CSRFToken": csrf,
      Cookie: cookie,
    },
    body: endless,
    duplex: "half",
  } as RequestInit, { remoteAddr: { hostname: "127.0.0.1" } });
  // Bounds a regression (the guard reading the endless body) to a failure instead of a hang.
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Real-world time: none waited when the guard works (the answer comes at once); 10 s is only
  // the limit after which a body that is never sent counts as read.
  const hung = new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), 10_000));
  const res = await Promise.race([answer, hung]);
  clearTimeout(timer);
  assertEquals(res?.status, 401, "no answer: the body was read before the sign-in check");
  await res?.body?.cancel();
  if (!cancelled) await endless.cancel();
});

Deno.test("deeply nested JSON answers a German 400, not 500", async () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  const res = await admin.post("/api/admin/vehicles/add/", new RawBody(deep, "application/json"));
  assertEquals(res.status, 400);
  assertEquals((await res.json()).error, "Die Anfrage ist zu tief verschachtelt.");
});

Deno.test("a request without payload passes whatever its type (a browser's DELETE)", async () => {
  await insertUser(t.sql, { username: "weg", role: "student" });
  const [{ id }] = await t.sql`select id::int from users where username = 'weg'`;
  // As Deno.serve hands a browser's DELETE to the app: an empty body, no length, no type.
  const res = await admin.request("DELETE", `/api/admin/users/${id}/delete/`, new RawBody("", ""));
  assertEquals(res.status, 200, await res.text());
});
