/**
 * Issue 25, point 14: a person form with several mistakes gets every one back at once, each under
 * the payload's field name, not only the first one per save.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("people_field_errors");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());

/** The answer's field names and messages, in the payload's order. */
async function fieldErrors(res: Response) {
  assertEquals(res.status, 400);
  const body = await res.json();
  return { error: body.error, details: body.details };
}

Deno.test("a student with three mistakes hears of all three, each by its field", async () => {
  const res = await admin.post("/api/admin/students/create-manual/", {
    first_name: " ",
    last_name: "Yilmaz",
    email: "kein-at-zeichen",
    license_class: "",
    arrival_times: [{ day: "monday", time: "15:00" }],
    vacation_periods: [{ start: "2027-05-10", end: "2027-05-01" }],
  });
  const answer = await fieldErrors(res);
  assertEquals(answer.error, "Vorname ist erforderlich.");
  assertEquals(answer.details.map((d: { path: string }) => d.path), [
    "first_name",
    "email",
    "license_class",
    "vacation_periods",
  ]);
  assertEquals(answer.details[2].message, "Bitte wählen Sie eine Führerscheinklasse aus.");
  const [{ n }] = await t.sql`select count(*)::int as n from users where role = 'student'`;
  assertEquals(n, 0);
});

Deno.test("an instructor with three mistakes hears of all three, each by its field", async () => {
  const res = await admin.post("/api/admin/instructors/create-manual/", {
    first_name: "Jürgen",
    last_name: "",
    transmission_types: [],
    monthly_hours_target: "viel",
  });
  const answer = await fieldErrors(res);
  assertEquals(answer.details, [
    { path: "last_name", message: "Nachname ist erforderlich." },
    { path: "transmission_types", message: "Bitte wählen Sie mindestens einen Getriebe-Typ aus." },
    {
      path: "monthly_hours_target",
      message: "Das Stundenziel pro Monat muss eine ganze Zahl von 0 bis 400 sein.",
    },
  ]);
});

Deno.test("a vehicle without plate and with an unknown gearbox hears of both", async () => {
  const res = await admin.post("/api/admin/vehicles/add/", { name: " ", transmission: "hybrid" });
  const answer = await fieldErrors(res);
  assertEquals(answer.details.map((d: { path: string }) => d.path), ["name", "transmission"]);
});
