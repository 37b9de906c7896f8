import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

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
