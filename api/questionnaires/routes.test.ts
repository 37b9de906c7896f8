import {
  type AdminQuestionnaire,
  approvalSchema,
  type PublicQuestionnaire,
  publicQuestionnaireSchema,
  questionnaireAnswerSchema,
  questionnaireListSchema,
  questionnaireSavedSchema,
  type StoredAnswers,
  submittedSchema,
} from "../../common/contract/questionnaires.ts";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, TestClient } from "../testing/test_app.ts";
import { schoolDay } from "../../common/time.ts";
import { createApp } from "../app.ts";

const t = await createTestApp("questionnaires_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lehrer", role: "instructor", email: "lehrer@example.org" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** A visitor with no account: only the CSRF token the app fetches at start. */
async function visitor() {
  const client = new TestClient(t.app);
  await client.fetchCsrf();
  return client;
}

async function createLink(person: Record<string, string>) {
  const res = await admin.post("/api/admin/questionnaires/create/", person);
  assertEquals(res.status, 201, await res.clone().text());
  // Every admin answer is the shared contract's shape, exactly what the web app reads.
  return questionnaireAnswerSchema.strict().parse(await res.json()).questionnaire;
}

const tokenOf = (url: string) => url.split("/fragebogen/")[1];

function nextYear(monthDay: string) {
  return `${Number(schoolDay().slice(0, 4)) + 1}-${monthDay}`;
}

/** The public form's payload as spec 02 §3 describes it. */
function payload(overrides: Record<string, unknown> = {}) {
  const school_schedule = [1, 2, 3, 4, 5].map((day) => ({
    day_of_week: day,
    school_start: "08:00",
    school_end: day === 5 ? "12:00" : "13:30",
    arrival_time: day === 3 ? "" : day === 5 ? "12:30" : "14:00",
    free_periods: day === 2 ? [{ start: "09:45", end: "10:30" }, { start: "", end: "" }] : [],
  }));
  const vacation = { start: nextYear("07-20"), end: nextYear("07-31") };
  return {
    first_name: "Lena",
    last_name: "Wagner",
    email: "Lena.Wagner@Example.org",
    phone: "0176 1234",
    birth_date: "2009-04-03",
    school_name: "Helmholtz-Gymnasium",
    start_location: "Barop",
    notes: "Am liebsten nachmittags",
    available_in_holidays: "nein",
    vacation_periods: [vacation],
    school_schedule_data: { school_schedule },
    availabilities_data: {
      availabilities: school_schedule.filter((d) => d.arrival_time).map((d) => ({
        day_of_week: d.day_of_week,
        start_time: d.arrival_time,
        end_time: "20:00",
      })),
      vacation_periods: [{ start_date: vacation.start, end_date: vacation.end }],
      available_in_holidays: "nein",
    },
    ...overrides,
  };
}

Deno.test("from link to student: create, fill in publicly, approve, sign in", async () => {
  const q = await createLink({
    first_name: "Lena",
    last_name: "Wagner",
    email: "lena@x.de",
    role: "admin",
  });
  assertEquals(q.status, "pending");
  assertEquals(q.status_display, "Offen");
  const token = tokenOf(q.questionnaire_url);
  assert(q.questionnaire_url.startsWith("http://localhost/fragebogen/"));
  assert(/^[A-Za-z0-9_-]{43}$/.test(token), "256-bit base64url token");

  const guest = await visitor();
  let res = await guest.get(`/api/fragebogen/${token}/`);
  const open: Partial<PublicQuestionnaire> = publicQuestionnaireSchema.strict().parse(
    await res.json(),
  );
  assert(typeof open.expires_at === "string");
  delete open.expires_at;
  assertEquals(open, {
    status: "pending",
    status_display: "Offen",
    first_name: "Lena",
    last_name: "Wagner",
    email: "lena@x.de",
    // The school's Treffpunkte the Startort field offers (issue 22).
    pickup_points: ["Kley", "Lüdo Bus Bhf.", "Barop", "Eichlinghofen"],
  });
  const [{ days }] = await t
    .sql`select round(extract(epoch from expires_at - created_at) / 86400)::int
    as days from questionnaires where id = ${q.id}`;
  assertEquals(days, 30);

  res = await guest.post(`/api/fragebogen/${token}/`, payload());
  assertEquals(res.status, 200, await res.clone().text());
  assertEquals(submittedSchema.strict().parse(await res.json()).status, "submitted");

  // Submitted: the link answers only its status, and cannot be submitted again.
  res = await guest.get(`/api/fragebogen/${token}/`);
  assertEquals(await res.json(), { status: "submitted", status_display: "Eingereicht" });
  res = await guest.post(`/api/fragebogen/${token}/`, payload());
  assertEquals(res.status, 409);
  assertEquals((await res.json()).error, "Dieser Fragebogen wurde bereits abgesendet.");

  // The admin sees every answer.
  const list = questionnaireListSchema.parse(
    await (await admin.get("/api/admin/questionnaires/")).json(),
  );
  const entry = list.results.find((r) => r.id === q.id)!;
  assertEquals(entry.answers, undefined);
  assertEquals([entry.status, entry.status_display, entry.phone], [
    "submitted",
    "Eingereicht",
    "0176 1234",
  ]);
  const details = questionnaireAnswerSchema.strict().parse(
    await (await admin.get(`/api/admin/questionnaires/${q.id}/`)).json(),
  ).questionnaire as AdminQuestionnaire & { answers: StoredAnswers };
  assertEquals(details.answers.email, "lena.wagner@example.org");
  assertEquals(details.answers.available_in_holidays, "nein");
  assertEquals(details.answers.license_class, "B");
  assertEquals(details.answers.availabilities_data.availabilities, [
    { day_of_week: 1, start_time: "14:00", end_time: "20:00" },
    { day_of_week: 2, start_time: "14:00", end_time: "20:00" },
    { day_of_week: 4, start_time: "14:00", end_time: "20:00" },
    { day_of_week: 5, start_time: "12:30", end_time: "20:00" },
  ]);

  // The admin corrects the licence class before approving.
  res = await admin.put(`/api/admin/questionnaires/${q.id}/`, {
    ...details.answers,
    license_class: "B197",
  });
  assertEquals(res.status, 200, await res.clone().text());
  assertEquals(
    questionnaireSavedSchema.strict().parse(await res.json()).questionnaire.answers?.license_class,
    "B197",
  );

  res = await admin.post(`/api/admin/questionnaires/${q.id}/approve/`);
  const raw = await res.json();
  assertEquals(res.status, 200, JSON.stringify(raw));
  const approved = approvalSchema.strict().parse(raw);
  assertEquals(approved.username, "lena.wagner");
  assertEquals(
    approved.message,
    "Fragebogen genehmigt: Lena Wagner ist jetzt als Fahrschüler angelegt.",
  );

  // The new student signs in and sees the availability from the form.
  const lena = new TestClient(t.app);
  await lena.login("lena.wagner", approved.password);
  const rows = await t.sql`
    select availability_type as type, day_of_week as day, start_time::text as s, end_time::text as e
    from availabilities where user_id = ${approved.student_id} order by type, day, s`;
  assertEquals(rows.map((r) => `${r.type} ${r.day} ${r.s.slice(0, 5)}-${r.e.slice(0, 5)}`), [
    "arrival 1 14:00-20:00",
    "arrival 2 14:00-20:00",
    "arrival 4 14:00-20:00",
    "arrival 5 12:30-20:00",
    "free_period 2 09:45-10:30",
    "school 1 08:00-13:30",
    "school 2 08:00-13:30",
    "school 3 08:00-13:30",
    "school 4 08:00-13:30",
    "school 5 08:00-12:00",
  ]);
  const [profile] = await t.sql`select license_class, school_name, start_location,
      available_in_holidays, notes from student_profiles where user_id = ${approved.student_id}`;
  assertEquals({ ...profile }, {
    license_class: "B197",
    school_name: "Helmholtz-Gymnasium",
    start_location: "Barop",
    available_in_holidays: false,
    notes: "Am liebsten nachmittags\nGeburtsdatum: 03.04.2009",
  });
  // The vacation from the form is on the student's own page (issue 25, point 13): an absence the
  // student sees and may change, not a row only the office's view shows.
  const own = await (await lena.get("/api/my-special-dates/")).json();
  assertEquals(own.map((d: Record<string, unknown>) => [d.date, d.end_date, d.is_unavailable]), [
    [nextYear("07-20"), nextYear("07-31"), true],
  ]);
  assertEquals(own[0].description, "Urlaub (aus dem Fragebogen)");

  // Approving twice and editing after approval are refused in German.
  res = await admin.post(`/api/admin/questionnaires/${q.id}/approve/`);
  assertEquals(res.status, 409);
  assertEquals((await res.json()).error, "Dieser Fragebogen wurde bereits genehmigt.");
  res = await admin.put(`/api/admin/questionnaires/${q.id}/`, details.answers);
  assertEquals(res.status, 409);
  const after =
    (await (await admin.get(`/api/admin/questionnaires/${q.id}/`)).json()).questionnaire;
  assertEquals([after.status, after.status_display, after.student_id], [
    "approved",
    "Genehmigt",
    approved.student_id,
  ]);
});

Deno.test("defaults: without a week plan the student gets school 08:00-13:30 and arrival 14:00", async () => {
  const q = await createLink({ name: "Max Otto Schulz", email: "max@example.org" });
  assertEquals([q.first_name, q.last_name], ["Max Otto", "Schulz"]);
  const guest = await visitor();
  const body = payload({ email: "max@example.org", available_in_holidays: undefined });
  delete (body as Record<string, unknown>).school_schedule_data;
  delete (body as Record<string, unknown>).availabilities_data;
  const res = await guest.post(`/api/fragebogen/${tokenOf(q.questionnaire_url)}/`, body);
  assertEquals(res.status, 200, await res.clone().text());
  const [row] = await t.sql`select answers from questionnaires where id = ${q.id}`;
  assertEquals(row.answers.available_in_holidays, "ja");
  assertEquals(row.answers.school_schedule_data.school_schedule[0], {
    day_of_week: 1,
    school_start: "08:00",
    school_end: "13:30",
    arrival_time: "14:00",
    free_periods: [],
  });
});

Deno.test("the public form's validation answers German 400s and stores nothing", async () => {
  const q = await createLink({ first_name: "Tim", last_name: "Lang", email: "tim@example.org" });
  const path = `/api/fragebogen/${tokenOf(q.questionnaire_url)}/`;
  const guest = await visitor();
  const yesterday = new Date(Date.now() - 86400000 * 2).toISOString().slice(0, 10);
  const cases: [Record<string, unknown>, string][] = [
    [{ first_name: " " }, "Vorname ist erforderlich."],
    [{ last_name: "" }, "Nachname ist erforderlich."],
    [{ email: null }, "E-Mail-Adresse ist erforderlich."],
    [{ email: "kein-at" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [{ phone: "" }, "Telefonnummer ist erforderlich."],
    // Issue 25, point 22: letters are no phone number.
    [{ phone: "abc" }, "Bitte geben Sie eine gültige Telefonnummer ein."],
    [{ phone: "0231 abc" }, "Bitte geben Sie eine gültige Telefonnummer ein."],
    [{ school_name: "" }, "Schulname ist erforderlich."],
    [{ start_location: "" }, "Bitte wählen Sie einen Startort aus."],
    [
      { start_location: "Dortmund" },
      "Bitte wählen Sie einen gültigen Startort (Kley, Lüdo Bus Bhf., Barop oder Eichlinghofen).",
    ],
    [
      { vacation_periods: [{ start: yesterday, end: nextYear("01-02") }] },
      "Urlaub 1: Das Datum darf nicht in der Vergangenheit liegen.",
    ],
    [
      { vacation_periods: [{ start: nextYear("03-10"), end: nextYear("03-01") }] },
      "Urlaub 1: Das Enddatum darf nicht vor dem Startdatum liegen.",
    ],
    [
      {
        school_schedule_data: {
          school_schedule: [{
            day_of_week: 1,
            school_start: "08:00",
            school_end: "13:30",
            arrival_time: "14:00",
            free_periods: [1, 2, 3, 4].map((h) => ({ start: `0${h}:00`, end: `0${h}:30` })),
          }],
        },
      },
      "Höchstens 3 Freistunden pro Tag (Montag).",
    ],
    [
      {
        school_schedule_data: {
          school_schedule: [{
            day_of_week: 1,
            school_start: "08:00",
            school_end: "13:30",
            arrival_time: "",
          }],
        },
        availabilities_data: null,
      },
      "Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.",
    ],
  ];
  for (const [change, message] of cases) {
    const res = await guest.post(path, payload(change));
    assertEquals(res.status, 400, JSON.stringify(change));
    assertEquals((await res.json()).error, message);
  }
  const [row] = await t.sql`select status, answers from questionnaires where id = ${q.id}`;
  assertEquals([row.status, row.answers], ["pending", null]);
});

Deno.test("unknown, malformed and expired links look alike; nothing about others leaks", async () => {
  const q = await createLink({ first_name: "Alt", last_name: "Link", email: "alt@example.org" });
  await t
    .sql`update questionnaires set expires_at = now() - interval '1 minute' where id = ${q.id}`;
  const guest = await visitor();
  const unknown = "A".repeat(43);
  for (const token of [tokenOf(q.questionnaire_url), unknown, "Demo", "1", "../admin"]) {
    for (
      const res of [
        await guest.get(`/api/fragebogen/${token}/`),
        await guest.post(`/api/fragebogen/${token}/`, payload()),
      ]
    ) {
      if (res.status === 404) {
        assertEquals((await res.json()).error, "Fragebogen nicht gefunden oder abgelaufen.", token);
      } else {
        // a path that is not a single segment never reaches the route
        assertEquals(token, "../admin");
        await res.body?.cancel();
      }
    }
  }
  const list = await (await admin.get("/api/admin/questionnaires/")).json();
  const entry = list.results.find((r: { id: number }) => r.id === q.id);
  assertEquals([entry.status, entry.status_display], ["expired", "Abgelaufen"]);
  // An expired link cannot be approved either.
  const res = await admin.post(`/api/admin/questionnaires/${q.id}/approve/`);
  assertEquals(res.status, 409);
});

Deno.test("approving when the e-mail already has an account is a clear 409", async () => {
  const q = await createLink({ first_name: "Doppel", last_name: "Gänger", email: "d@example.org" });
  const guest = await visitor();
  await guest.post(
    `/api/fragebogen/${tokenOf(q.questionnaire_url)}/`,
    payload({ email: "LEHRER@example.org" }),
  );
  const res = await admin.post(`/api/admin/questionnaires/${q.id}/approve/`);
  assertEquals(res.status, 409);
  assert(
    (await res.json()).error.startsWith(
      "Für die E-Mail-Adresse „lehrer@example.org“ gibt es schon ein Konto.",
    ),
  );
  const [{ n }] = await t
    .sql`select count(*)::int as n from users where lower(email) = 'lehrer@example.org'`;
  assertEquals(n, 1);
  const [row] = await t.sql`select status from questionnaires where id = ${q.id}`;
  assertEquals(row.status, "submitted");
});

Deno.test("admin calls are admin-only; the public POST needs the CSRF token", async () => {
  const teacher = t.client();
  await teacher.login("lehrer");
  assertEquals((await teacher.get("/api/admin/questionnaires/")).status, 403);
  assertEquals(
    (await teacher.post("/api/admin/questionnaires/create/", { first_name: "a" })).status,
    403,
  );
  const q = await createLink({ first_name: "Csrf", last_name: "Test", email: "c@example.org" });
  const noToken = new TestClient(t.app);
  const res = await noToken.post(`/api/fragebogen/${tokenOf(q.questionnaire_url)}/`, payload());
  assertEquals(res.status, 403);
  assertEquals((await res.json()).code, "csrf_failed");
  let bad = await admin.post("/api/admin/questionnaires/create/", {
    first_name: "A",
    last_name: "B",
  });
  assertEquals((await bad.json()).error, "E-Mail-Adresse ist erforderlich.");
  bad = await admin.post("/api/admin/questionnaires/create/", { last_name: "B", email: "a@b.de" });
  assertEquals((await bad.json()).error, "Vorname ist erforderlich.");
});

Deno.test("the public calls are rate-limited per address, over every API process", async () => {
  await t.sql`delete from request_counts`;
  // A second API process on the same database: the limit is one, not one per process.
  const second = createApp({ sql: t.sql, config: t.config });
  const env = (ip: string) => ({ remoteAddr: { hostname: ip } });
  const get = (ip: string, app = t.app) =>
    app.request(`http://localhost/api/fragebogen/${"B".repeat(43)}/`, {}, env(ip));
  for (let i = 0; i < 60; i++) {
    assertEquals((await get("203.0.113.9", i % 2 ? second : t.app)).status, 404);
  }
  const limited = await get("203.0.113.9");
  assertEquals(limited.status, 429);
  assertEquals(
    (await limited.json()).error,
    "Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
  );
  assertEquals((await get("198.51.100.7")).status, 404, "another address is not affected");
  await t.sql`delete from request_counts`;
});

Deno.test("the 'demo' link answers like an open form and stores nothing", async () => {
  const guest = await visitor();
  // An open link exists: a demo answer must not land on it (a real one updates its row).
  await createLink({ first_name: "Offen", last_name: "Bleibt", email: "offen@example.de" });
  const everything = () =>
    t.sql`
      select (select json_agg(q order by q.id)::text from questionnaires q) as questionnaires,
             (select count(*)::int from users) as users,
             (select count(*)::int from audit_log) as audit
    `;
  const stored = await everything();
  const before = await t.sql`select count(*)::int as n from questionnaires`;
  let res = await guest.get("/api/fragebogen/demo/");
  assertEquals(await res.json(), {
    status: "pending",
    status_display: "Offen",
    demo: true,
    pickup_points: ["Kley", "Lüdo Bus Bhf.", "Barop", "Eichlinghofen"],
  });
  res = await guest.post("/api/fragebogen/demo/", payload({ phone: "" }));
  assertEquals((await res.json()).error, "Telefonnummer ist erforderlich.");
  res = await guest.post("/api/fragebogen/demo/", payload());
  assertEquals(res.status, 200);
  assertEquals((await res.json()).demo, true);
  assertEquals(await t.sql`select count(*)::int as n from questionnaires`, before);
  assertEquals(await everything(), stored);
});

Deno.test("the questionnaire takes the school's Treffpunkte and a Saturday (issue 22)", async () => {
  const q = await createLink({ first_name: "Sina", last_name: "Samstag", email: "sina@x.de" });
  await t.sql`insert into pickup_points (name, position) values ('Westfalenhallen', 9)`;
  const guest = await visitor();
  const shown = await (await guest.get(`/api/fragebogen/${tokenOf(q.questionnaire_url)}/`)).json();
  assert(shown.pickup_points.includes("Westfalenhallen"));
  const token = tokenOf(q.questionnaire_url);
  const res = await guest.post(
    `/api/fragebogen/${token}/`,
    payload({
      first_name: "Sina",
      last_name: "Samstag",
      email: "sina@x.de",
      start_location: "Westfalenhallen",
      school_schedule_data: {
        school_schedule: [{ day_of_week: 6, arrival_time: "09:00", free_periods: [] }],
      },
      availabilities_data: undefined,
    }),
  );
  assertEquals(res.status, 200, JSON.stringify(await res.clone().json()));
  const [stored] = await t.sql`select answers from questionnaires where id = ${q.id}`;
  assertEquals(stored.answers.start_location, "Westfalenhallen");
  assertEquals(
    stored.answers.school_schedule_data.school_schedule.map((d: { day_of_week: number }) =>
      d.day_of_week
    ),
    [6],
  );
  await t.sql`delete from pickup_points where name = 'Westfalenhallen'`;
});

Deno.test("the licence class the student chose in the form reaches the approved student (issue 25, point 13)", async () => {
  const q = await createLink({ first_name: "Kim", last_name: "Klasse", email: "kim@x.de" });
  const guest = await visitor();
  const token = tokenOf(q.questionnaire_url);
  // The acceptance walk chose "B197 – Automatik, mit Fahrten im Schaltwagen" and found "B" stored.
  let res = await guest.post(
    `/api/fragebogen/${token}/`,
    payload({ email: "kim.klasse@example.org", license_class: "B197" }),
  );
  assertEquals(res.status, 200, await res.clone().text());
  const details = questionnaireAnswerSchema.strict().parse(
    await (await admin.get(`/api/admin/questionnaires/${q.id}/`)).json(),
  ).questionnaire as AdminQuestionnaire & { answers: StoredAnswers };
  assertEquals(details.answers.license_class, "B197");
  res = await admin.post(`/api/admin/questionnaires/${q.id}/approve/`);
  const approved = approvalSchema.strict().parse(await res.json());
  const [profile] = await t.sql`
    select license_class from student_profiles where user_id = ${approved.student_id}`;
  assertEquals(profile.license_class, "B197");
  // An unknown class is refused in German, on the real link and on the tutorial's demo link.
  for (
    const link of [
      "demo",
      tokenOf(
        (await createLink({
          first_name: "Uli",
          last_name: "Unbekannt",
          email: "uli@x.de",
        })).questionnaire_url,
      ),
    ]
  ) {
    res = await guest.post(`/api/fragebogen/${link}/`, payload({ license_class: "C1" }));
    assertEquals(res.status, 400);
    assertEquals(
      (await res.json()).error,
      "Unbekannte Führerscheinklasse „C1“ (B, B78 oder B197).",
    );
  }
});
