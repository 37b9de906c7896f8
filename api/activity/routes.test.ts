import {
  activityAnswerSchema,
  activityPageSchema,
  deleteConfirmation,
} from "../../common/contract/admin_data.ts";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("activity_log");
const chefId = await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Anna",
  last_name: "Chef",
});
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** The audit lines written since `after`, oldest first. */
async function linesAfter(after: number) {
  const rows = await t.sql`
    select actor_id::int, actor_name, action, summary from audit_log where id > ${after} order by id
  `;
  return rows.map((r) => [r.actor_id, r.actor_name, r.action, r.summary]);
}

async function lastId(): Promise<number> {
  const [row] = await t.sql`select coalesce(max(id), 0)::int as id from audit_log`;
  return row.id;
}

/** Runs `action` and answers the audit lines it wrote, as [actor, name, action, summary]. */
async function linesOf(action: () => Promise<Response>, status: number) {
  const before = await lastId();
  const res = await action();
  assertEquals(res.status, status, await res.clone().text());
  return { lines: await linesAfter(before), body: await res.json() };
}

const by = (action: string, summary: string) => [chefId, "Anna Chef", action, summary];

function csvForm(name: string, content: string) {
  const form = new FormData();
  form.append("file", new File([content], name));
  return form;
}

Deno.test("GET /admin/activity/ answers the 10 newest lines and counts the rest", async () => {
  await t.sql`delete from audit_log`;
  for (let i = 1; i <= 13; i++) {
    await t.sql`
      insert into audit_log (actor_name, action, summary, created_at)
      values ('System', 'x.test', ${`Zeile ${i}`}, now() - make_interval(mins => ${100 - i}))
    `;
  }
  const res = await admin.get("/api/admin/activity/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(activityAnswerSchema, body);
  assertEquals(body.results.map((r: { summary: string }) => r.summary), [
    "Zeile 13",
    "Zeile 12",
    "Zeile 11",
    "Zeile 10",
    "Zeile 9",
    "Zeile 8",
    "Zeile 7",
    "Zeile 6",
    "Zeile 5",
    "Zeile 4",
  ]);
  assertEquals([body.total, body.more], [13, 3]);
  assert(!Number.isNaN(Date.parse(body.results[0].created_at)));
  await t.sql`delete from audit_log`;
  const empty = await (await admin.get("/api/admin/activity/")).json();
  assertEquals(empty, { results: [], total: 0, more: 0 });
});

Deno.test("the activity log is for admins only", async () => {
  await insertUser(t.sql, { username: "lehrer.activity", role: "instructor" });
  const teacher = t.client();
  await teacher.login("lehrer.activity");
  assertEquals((await teacher.get("/api/admin/activity/")).status, 403);
});

Deno.test("creating, editing and deleting people writes one line each", async () => {
  const created = await linesOf(
    () =>
      admin.post("/api/admin/instructors/create-manual/", {
        first_name: "Jürgen",
        last_name: "Weiß",
        transmission_types: ["manual"],
      }),
    201,
  );
  assertEquals(created.lines, [by("person.create", "Fahrlehrer Jürgen Weiß angelegt")]);
  const student = await linesOf(
    () =>
      admin.post("/api/admin/students/create-manual/", {
        first_name: "Özlem",
        last_name: "Groß",
        license_class: "B",
        arrival_times: [{ day: "monday", time: "14:00" }],
      }),
    201,
  );
  assertEquals(student.lines, [by("person.create", "Fahrschüler Özlem Groß angelegt")]);
  const id = created.body.id;
  const edited = await linesOf(
    () => admin.put(`/api/admin/users/${id}/`, { first_name: "Jürgen", last_name: "Schwarz" }),
    200,
  );
  assertEquals(edited.lines, [by("person.update", "Fahrlehrer Jürgen Schwarz bearbeitet")]);
  const deleted = await linesOf(() => admin.delete(`/api/admin/users/${id}/delete/`), 200);
  assertEquals(deleted.lines, [by("person.delete", `Fahrlehrer Gelöschte Person #${id} gelöscht`)]);
});

Deno.test("a refused change writes no line", async () => {
  await t.sql`insert into vehicles (name, transmission) values ('DO-AL 1', 'manual')`;
  const taken = await linesOf(
    () => admin.post("/api/admin/vehicles/add/", { name: "do-al 1" }),
    409,
  );
  assertEquals(taken.lines, []);
  await insertUser(t.sql, { username: "vergeben", role: "student", email: "da@example.org" });
  const email = await linesOf(
    () =>
      admin.post("/api/admin/instructors/create-manual/", {
        first_name: "Doppel",
        last_name: "Adresse",
        email: "da@example.org",
        transmission_types: ["manual"],
      }),
    409,
  );
  assertEquals(email.lines, []);
  const cancel = await linesOf(() => admin.post("/api/admin/cancel-planner/"), 409);
  assertEquals(cancel.lines, []);
});

Deno.test("adding a vehicle writes one line", async () => {
  const added = await linesOf(
    () => admin.post("/api/admin/vehicles/add/", { name: "DO-FS 7", transmission: "automatic" }),
    201,
  );
  assertEquals(added.lines, [by("vehicle.create", "Fahrzeug DO-FS 7 angelegt")]);
});

Deno.test("an import writes one line with its counts, not one per person", async () => {
  await insertUser(t.sql, { username: "schon.da", role: "student", email: "schon@example.org" });
  const csv = "Vorname;Nachname;E-Mail;Klasse;Ankunft Mo\n" +
    "Ida;Eins;ida@example.org;B;14:00\nOle;Zwei;ole@example.org;B;14:00\n" +
    "Schon;Da;schon@example.org;B;14:00\n";
  const people = await linesOf(
    () => admin.request("POST", "/api/admin/import/students/", csvForm("s.csv", csv)),
    201,
  );
  assertEquals(people.lines, [
    by("import.students", "Import: 2 Fahrschüler angelegt, 1 übersprungen"),
  ]);
  const times = await linesOf(
    () =>
      admin.request(
        "POST",
        "/api/admin/availabilities/import/",
        csvForm("v.csv", "schon.da;1;08:00;10:00\nschon.da;2;08:00;10:00\n"),
      ),
    200,
  );
  assertEquals(times.lines, [
    by("import.availabilities", "CSV-Import: 2 Verfügbarkeiten für 1 Personen importiert"),
  ]);
});

Deno.test("questionnaire creation, edit and approval write one line each", async () => {
  const created = await linesOf(
    () =>
      admin.post("/api/admin/questionnaires/create/", {
        first_name: "Lena",
        last_name: "Wagner",
        email: "lena.wagner@example.org",
      }),
    201,
  );
  assertEquals(created.lines, [by("questionnaire.create", "Fragebogen für Lena Wagner erstellt")]);
  const { questionnaire } = created.body;
  const token = questionnaire.questionnaire_url.split("/fragebogen/")[1];
  const answers = {
    first_name: "Lena",
    last_name: "Wagner",
    email: "lena.wagner@example.org",
    phone: "0176 1234",
    birth_date: "2009-04-03",
    school_name: "Helmholtz-Gymnasium",
    start_location: "Barop",
    available_in_holidays: "ja",
    school_schedule_data: {
      school_schedule: [1, 2, 3, 4, 5].map((day) => ({
        day_of_week: day,
        school_start: "08:00",
        school_end: "13:00",
        arrival_time: "14:00",
        free_periods: [],
      })),
    },
  };
  const guest = t.client();
  await guest.fetchCsrf();
  const submitted = await linesOf(() => guest.post(`/api/fragebogen/${token}/`, answers), 200);
  // The public form is not an admin action.
  assertEquals(submitted.lines, []);
  const edited = await linesOf(
    () =>
      admin.put(`/api/admin/questionnaires/${questionnaire.id}/`, {
        ...answers,
        last_name: "Wagner-Berg",
      }),
    200,
  );
  assertEquals(edited.lines, [
    by("questionnaire.update", "Fragebogen von Lena Wagner-Berg bearbeitet"),
  ]);
  const approved = await linesOf(
    () => admin.post(`/api/admin/questionnaires/${questionnaire.id}/approve/`),
    200,
  );
  assertEquals(approved.lines, [
    by(
      "questionnaire.approve",
      "Fragebogen von Lena Wagner-Berg genehmigt: als Fahrschüler angelegt",
    ),
  ]);
});

Deno.test("planner start, cancel and the settings save write one line each", async () => {
  await t.sql`delete from planner_jobs`;
  const started = await linesOf(() => admin.post("/api/admin/run-planner/"), 202);
  assertEquals(started.lines, [by("planner.start", "Planung gestartet")]);
  const cancelled = await linesOf(() => admin.post("/api/admin/cancel-planner/"), 200);
  assertEquals(cancelled.lines, [by("planner.cancel", "Planung abgebrochen")]);
  const { settings } = await (await admin.get("/api/admin/planner-settings/")).json();
  const saved = await linesOf(() => admin.put("/api/admin/planner-settings/", settings), 200);
  assertEquals(saved.lines, [by("settings.planner", "Planungseinstellungen gespeichert")]);
});

/** Puts a line into the log as it would have been written `daysAgo` days ago. */
async function oldLine(action: string, summary: string, daysAgo: number, actor = "System") {
  await t.sql`
    insert into audit_log (actor_name, action, summary, created_at)
    values (${actor}, ${action}, ${summary}, now() - make_interval(days => ${daysAgo}))
  `;
}

async function page(query: string) {
  const res = await admin.get(`/api/admin/activity/all/${query}`);
  assertEquals(res.status, 200, await res.clone().text());
  const body = await res.json();
  assertContract(activityPageSchema, body);
  return body;
}

const summaries = (body: { results: { summary: string }[] }) => body.results.map((r) => r.summary);

Deno.test("GET /admin/activity/all/ pages through every line, newest first", async () => {
  await t.sql`delete from audit_log`;
  for (let i = 1; i <= 30; i++) await oldLine("x.test", `Zeile ${i}`, 31 - i);
  const first = await page("");
  assertEquals([first.total, first.total_pages, first.page, first.page_size], [30, 2, 1, 25]);
  assertEquals(summaries(first).slice(0, 2), ["Zeile 30", "Zeile 29"]);
  const second = await page("?page=2");
  assertEquals(summaries(second), ["Zeile 5", "Zeile 4", "Zeile 3", "Zeile 2", "Zeile 1"]);
  assertEquals(first.kinds, ["x"]);
  assertEquals(first.retention_months, 24);
});

Deno.test("GET /admin/activity/all/ filters by days, kind and text", async () => {
  await t.sql`delete from audit_log`;
  await oldLine("appointment.cancel", "Termin von Özlem Groß storniert: krank", 40);
  await oldLine("appointment.create", "Fahrstunde von Ida Eins mit Jürgen Weiß angelegt", 10);
  await oldLine("person.create", "Fahrschüler Ida Eins angelegt", 2, "Anna Chef");
  const days = (n: number) =>
    new Date(Date.now() - n * 86_400_000).toLocaleDateString("en-CA", {
      timeZone: "Europe/Berlin",
    });
  assertEquals(summaries(await page(`?from=${days(11)}&to=${days(9)}`)), [
    "Fahrstunde von Ida Eins mit Jürgen Weiß angelegt",
  ]);
  assertEquals(summaries(await page("?action=appointment")).length, 2);
  assertEquals(summaries(await page("?action=appointment.cancel")), [
    "Termin von Özlem Groß storniert: krank",
  ]);
  // Folded like the other searches: "gross" finds "Groß"; the author is searched too.
  assertEquals(summaries(await page("?search=gross")), ["Termin von Özlem Groß storniert: krank"]);
  assertEquals(summaries(await page("?search=anna%20chef")), ["Fahrschüler Ida Eins angelegt"]);
  assertEquals(summaries(await page("?search=100%25")), []);
  const bad = await admin.get("/api/admin/activity/all/?from=2026-13-40");
  assertEquals(bad.status, 400);
  assertEquals((await bad.json()).error, "Bitte ein gültiges Datum angeben.");
});

Deno.test("the whole log and its retention are for admins only", async () => {
  await insertUser(t.sql, { username: "lehrer.alles", role: "instructor" });
  const teacher = t.client();
  await teacher.login("lehrer.alles");
  assertEquals((await teacher.get("/api/admin/activity/all/")).status, 403);
  assertEquals(
    (await teacher.put("/api/admin/activity/retention/", { retention_months: 1 })).status,
    403,
  );
});

Deno.test("deleting a person puts a pseudonym for their name into the log and keeps the lines", async () => {
  await t.sql`delete from audit_log`;
  const lena = await insertUser(t.sql, {
    username: "lena.becker",
    role: "student",
    first_name: "Lena",
    last_name: "Becker",
  });
  const ida = await insertUser(t.sql, {
    username: "ina.drei",
    role: "student",
    first_name: "Ina",
    last_name: "Drei",
  });
  await oldLine("appointment.create", "Fahrstunde von Lena Becker mit Jürgen Weiß angelegt", 3);
  await oldLine("appointment.cancel", "Termin von Lena Becker storniert: krank", 2);
  await oldLine("appointment.create", "Fahrstunde von Ina Drei mit Jürgen Weiß angelegt", 1);
  await t.sql`
    insert into audit_log (actor_id, actor_name, action, summary)
    values (${lena}, 'Lena Becker', 'account.change_password', 'Eigenes Passwort geändert')
  `;
  const res = await admin.delete(`/api/admin/users/${lena}/delete/`);
  assertEquals(res.status, 200, await res.clone().text());
  const lines = await t.sql`select actor_name, summary from audit_log order by id`;
  const alias = `Gelöschte Person #${lena}`;
  assertEquals(lines.map((l) => [l.actor_name, l.summary]), [
    ["System", `Fahrstunde von ${alias} mit Jürgen Weiß angelegt`],
    ["System", `Termin von ${alias} storniert: krank`],
    ["System", "Fahrstunde von Ina Drei mit Jürgen Weiß angelegt"],
    [alias, "Eigenes Passwort geändert"],
    ["Anna Chef", `Fahrschüler ${alias} gelöscht`],
  ]);
  assertEquals((await page("?search=becker")).total, 0);
  // Deleting all students does the same for each of them.
  const bulk = await admin.delete("/api/admin/bulk-delete/students/", {
    delete_all: true,
    confirmation: deleteConfirmation,
  });
  assertEquals(bulk.status, 200, await bulk.clone().text());
  const [idaLine] = await t.sql`select summary from audit_log where action = 'appointment.create'
                                order by id desc limit 1`;
  assertEquals(idaLine.summary, `Fahrstunde von Gelöschte Person #${ida} mit Jürgen Weiß angelegt`);
});

Deno.test("lines older than the retention are deleted, at the next write and when it is shortened", async () => {
  await t.sql`delete from audit_log`;
  await t.sql`update school_settings set audit_retention_months = 24 where id = 1`;
  await oldLine("x.test", "vor 25 Monaten", 25 * 31);
  await oldLine("x.test", "vor 13 Monaten", 13 * 31);
  await oldLine("x.test", "gestern", 1);
  const added = await linesOf(
    () => admin.post("/api/admin/vehicles/add/", { name: "DO-RT 24", transmission: "manual" }),
    201,
  );
  assertEquals(added.lines.length, 1);
  assertEquals(summaries(await page("")), [
    "Fahrzeug DO-RT 24 angelegt",
    "gestern",
    "vor 13 Monaten",
  ]);
  const shortened = await admin.put("/api/admin/activity/retention/", { retention_months: 12 });
  assertEquals(shortened.status, 200, await shortened.clone().text());
  assertEquals(await shortened.json(), { retention_months: 12 });
  const after = await page("");
  assertEquals(summaries(after), [
    "Aufbewahrung der Aktivitäten: 12 Monate",
    "Fahrzeug DO-RT 24 angelegt",
    "gestern",
  ]);
  assertEquals(after.retention_months, 12);
  const refused = await admin.put("/api/admin/activity/retention/", { retention_months: 0 });
  assertEquals(refused.status, 400);
  assertEquals((await refused.json()).error, "Einträge werden mindestens 1 Monat aufbewahrt.");
  await t.sql`update school_settings set audit_retention_months = 24 where id = 1`;
});

Deno.test("lines past the retention are not shown even before the next write deletes them", async () => {
  await t.sql`delete from audit_log`;
  await t.sql`update school_settings set audit_retention_months = 24 where id = 1`;
  await oldLine("x.test", "vor 25 Monaten", 25 * 31);
  await oldLine("x.test", "gestern", 1);
  // Nothing was written since: the old line is still in the table, but no read may show it.
  assertEquals(summaries(await page("")), ["gestern"]);
  const recent = await (await admin.get("/api/admin/activity/")).json();
  assertEquals(recent.results.map((r: { summary: string }) => r.summary), ["gestern"]);
  assertEquals(recent.total, 1);
});
