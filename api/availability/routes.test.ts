import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";

const t = await createTestApp("availability_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
const anna = await insertUser(t.sql, {
  username: "anna.schmidt",
  role: "instructor",
  first_name: "Anna",
  last_name: "Schmidt",
});
const jonas = await insertUser(t.sql, {
  username: "jonas.mueller",
  role: "student",
  first_name: "Jonas",
  last_name: "Müller",
});
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** Each test starts without availabilities or special dates and adds the rows it reads. */
async function clean() {
  await t.sql`delete from availabilities`;
  await t.sql`delete from special_dates`;
}

/** Weekly 'available' rows: [user, day, start, end]. */
async function addAvailable(rows: [number, number, string, string][]) {
  for (const [user, day, start, end] of rows) {
    await t.sql`
      insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
      values (${user}, 'available', ${day}, ${start}, ${end})
    `;
  }
}

function csvForm(content: string | Uint8Array<ArrayBuffer>, name = "verfuegbarkeiten.csv") {
  const form = new FormData();
  form.append("file", new File([content], name, { type: "text/csv" }));
  return form;
}

async function importCsv(
  client: TestClient,
  content: string | Uint8Array<ArrayBuffer>,
  name?: string,
) {
  const res = await client.post("/api/admin/availabilities/import/", csvForm(content, name));
  return { status: res.status, body: await res.json() };
}

const countAvailable = async () =>
  (await t
    .sql`select count(*)::int as n from availabilities
          where availability_type in ('available', 'work')`)[0].n;

Deno.test("a good ;-separated file with BOM and German day names imports every line", async () => {
  await clean();
  const csv = "\uFEFFusername;day_of_week;start_time;end_time\r\n" +
    "anna.schmidt;1;08:00;12:00\r\n" +
    "\r\n" +
    "jonas.mueller;Dienstag;14:00;18:30\r\n" +
    "JONAS.MUELLER;Mi;15:00;16:00\r\n";
  const { status, body } = await importCsv(admin, new TextEncoder().encode(csv));
  assertEquals(status, 200);
  assertEquals(body, { created: 3, message: "3 Verfügbarkeiten importiert." });
  const rows = await t.sql`
    select user_id::int, availability_type as kind, day_of_week, start_time::text,
           end_time::text from availabilities
    where availability_type in ('available', 'work') order by user_id, day_of_week
  `;
  // An instructor's lines are working times, a student's her own grid (decision 0012).
  assertEquals(rows.map((r) => [r.user_id, r.day_of_week, r.start_time, r.end_time]), [
    [anna, 1, "08:00:00", "12:00:00"],
    [jonas, 2, "14:00:00", "18:30:00"],
    [jonas, 3, "15:00:00", "16:00:00"],
  ]);
  const [v] = await t.sql`select availability_version from users where id = ${jonas}`;
  assert(v.availability_version > 0, "the self-service ETag changes");
});

Deno.test("a ,-separated file without header, umlaut usernames and reordered header", async () => {
  const umlaut = await insertUser(t.sql, { username: "jürgen.groß", role: "instructor" });
  const plain = await importCsv(admin, "jürgen.groß,Freitag,09:00,10:00\n");
  assertEquals(plain.body.created, 1);
  const reordered = await importCsv(
    admin,
    "start_time,end_time,username,day_of_week\n10:00,11:00,Jürgen.Groß,5\n",
  );
  assertEquals(reordered.body.created, 1);
  const [{ n }] = await t
    .sql`select count(*)::int as n from availabilities where user_id = ${umlaut}`;
  assertEquals(n, 2);
});

Deno.test("importing the same lines again adds nothing", async () => {
  await clean();
  assertEquals((await importCsv(admin, "anna.schmidt;1;08:00;12:00\n")).body.created, 1);
  const { body } = await importCsv(admin, "anna.schmidt;1;08:00;12:00\n");
  assertEquals(body, { created: 0, message: "0 Verfügbarkeiten importiert." });
  assertEquals(await countAvailable(), 1);
});

Deno.test("imports of the same file at once store each line once", async () => {
  // Anna is an instructor: her lines are 'work' rows, which no unique index covers; two imports
  // at once stored her line twice in CI. Six at once, five times over, make the race likely.
  const file = "anna.schmidt;1;08:00;12:00\njonas.mueller;2;14:00;16:00\n";
  const clients = [admin];
  for (let k = 1; k < 6; k++) {
    const other = t.client();
    await other.login("chef");
    clients.push(other);
  }
  for (let round = 0; round < 5; round++) {
    await clean();
    const results = await Promise.all(clients.map((client) => importCsv(client, file)));
    assertEquals(results.map((r) => r.status), clients.map(() => 200));
    assertEquals(results.reduce((sum, r) => sum + r.body.created, 0), 2, `round ${round}`);
    const [{ n }] = await t.sql`select count(*)::int as n from availabilities`;
    assertEquals(n, 2, `round ${round}`);
  }
});

Deno.test("a bad line answers 400 naming the line, and nothing of the file is imported", async () => {
  const before = await countAvailable();
  const cases: [string, string][] = [
    [
      "username;day_of_week;start_time;end_time\nanna.schmidt;2;08:00;09:00\nxyz;1;08:00;09:00\n",
      "Zeile 3: Unbekannter Benutzer „xyz“.",
    ],
    [
      "anna.schmidt;2;08:00;09:00\nanna.schmidt;Funtag;08:00;09:00\n",
      "Zeile 2: Unbekannter Wochentag „Funtag“ (1–7 oder Montag–Sonntag).",
    ],
    ["anna.schmidt;2;8 Uhr;09:00\n", "Zeile 1: Ungültige Startzeit „8 Uhr“ (erwartet HH:MM)."],
    ["anna.schmidt;2;10:00;09:00\n", "Zeile 1: Die Endzeit muss nach der Startzeit liegen."],
    [
      "anna.schmidt;2;10:00\n",
      "Zeile 1: Erwartet 4 Spalten (username;day_of_week;start_time;end_time), gefunden 3.",
    ],
    [
      "anna.schmidt;3;10:00;11:00\nchef;3;10:00;11:00\n",
      "Zeile 2: „chef“ ist ein Administrator; Verfügbarkeiten gibt es nur für Fahrlehrer und Fahrschüler.",
    ],
  ];
  for (const [csv, message] of cases) {
    const { status, body } = await importCsv(admin, csv);
    assertEquals([status, body.error], [400, message]);
  }
  assertEquals(await countAvailable(), before);
});

Deno.test("wrong file type, empty, too big, not UTF-8 and no file are refused in German", async () => {
  assertEquals(
    (await importCsv(admin, "a;b", "liste.xlsx")).body.error,
    "Es werden nur CSV-Dateien (.csv) akzeptiert.",
  );
  assertEquals((await importCsv(admin, "")).body.error, "Die Datei ist leer.");
  assertEquals(
    (await importCsv(admin, "username;day_of_week;start_time;end_time\n")).body.error,
    "Die Datei enthält keine Verfügbarkeiten.",
  );
  const big = await importCsv(admin, "anna.schmidt;1;08:00;09:00\n".repeat(80_000));
  assertEquals([big.status, big.body.error], [413, "Die Datei ist zu groß (höchstens 2 MB)."]);
  const latin1 = new Uint8Array([0x6a, 0xfc, 0x72, 0x3b, 0x31]); // "jür;1" in ISO-8859-1
  assertEquals(
    (await importCsv(admin, latin1)).body.error,
    "Die Datei ist nicht UTF-8-kodiert. Bitte speichern Sie sie als „CSV UTF-8“.",
  );
  const res = await admin.post("/api/admin/availabilities/import/", new FormData());
  assertEquals([res.status, (await res.json()).error], [
    400,
    "Bitte wählen Sie eine CSV-Datei aus.",
  ]);
});

Deno.test("the list shows only available/work/arrival/free_period rows, sorted by name", async () => {
  await clean();
  await addAvailable([[jonas, 2, "14:00", "18:30"], [anna, 1, "08:00", "12:00"]]);
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time, period)
    values (${anna}, 'work', 2, '07:30', '16:00', null),
           (${anna}, 'break', null, '12:00', '12:30', null),
           (${jonas}, 'school', 1, '08:00', '13:00', null),
           (${jonas}, 'free_period', 4, '10:00', '10:45', 1)
  `;
  const body = await (await admin.get("/api/admin/availabilities/?page_size=100")).json();
  const types = new Set(
    body.results.map((r: { availability_type: string }) => r.availability_type),
  );
  assertEquals([...types].sort(), ["available", "free_period", "work"]);
  assertEquals(body.total, 4, "two available rows, the work row and the free period");
  const names = body.results.map((r: { full_name: string }) => r.full_name);
  assertEquals(names, [...names].sort((a: string, b: string) => a.localeCompare(b)));
  assertEquals(body.total, body.results.length);
  assertEquals(body.total_pages, 1);
  const work = body.results.find((r: { availability_type: string }) =>
    r.availability_type === "work"
  );
  assertEquals(work, {
    id: work.id,
    user_id: anna,
    full_name: "Anna Schmidt",
    username: "anna.schmidt",
    role: "instructor",
    day_of_week: 2,
    day_name: "Dienstag",
    start_time: "07:30",
    end_time: "16:00",
    availability_type: "work",
  });
});

Deno.test("the list searches, sorts descending and pages", async () => {
  await clean();
  await addAvailable([
    [anna, 1, "08:00", "12:00"],
    [anna, 2, "09:00", "12:00"],
    [jonas, 2, "14:00", "18:30"],
    [jonas, 3, "15:00", "16:00"],
    [jonas, 4, "16:00", "17:00"],
  ]);
  const search = await (await admin.get("/api/admin/availabilities/?search=MÜLL")).json();
  assertEquals(search.total, 3);
  assert(search.results.every((r: { username: string }) => r.username === "jonas.mueller"));
  const paged = await (
    await admin.get(
      "/api/admin/availabilities/?sort_by=start_time&sort_direction=desc&page=2&page_size=2",
    )
  ).json();
  assertEquals(paged.page, 2);
  assertEquals(paged.results.length, 2);
  const all = await (
    await admin.get(
      "/api/admin/availabilities/?sort_by=start_time&sort_direction=desc&page_size=100",
    )
  ).json();
  assertEquals(
    paged.results.map((r: { id: number }) => r.id),
    all.results.slice(2, 4).map((r: { id: number }) => r.id),
  );
  const bad = await admin.get("/api/admin/availabilities/?page=0");
  assertEquals([bad.status, (await bad.json()).error], [
    400,
    "Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben.",
  ]);
});

Deno.test("?user= answers every row of that user unpaged, with validity and description", async () => {
  await clean();
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time,
                                valid_from, valid_until, description)
    values (${anna}, 'unavailable', 3, '14:00', '15:00', '2026-01-01', null, 'Arzt'),
           (${anna}, 'break', null, '12:00', '12:30', null, null, '')
  `;
  const body = await (await admin.get(`/api/admin/availabilities/?user=${anna}`)).json();
  assert(!("total" in body));
  assertEquals(body.results.length, 2);
  const block = body.results.find((r: { availability_type: string }) =>
    r.availability_type === "unavailable"
  );
  assertEquals([
    block.day_name,
    block.start_time,
    block.valid_from,
    block.valid_until,
    block.description,
  ], [
    "Mittwoch",
    "14:00",
    "2026-01-01",
    null,
    "Arzt",
  ]);
  assert(body.results.some((r: { availability_type: string }) => r.availability_type === "break"));
  const unknown = await admin.get("/api/admin/availabilities/?user=999999");
  assertEquals([unknown.status, (await unknown.json()).error], [
    404,
    "Benutzer wurde nicht gefunden.",
  ]);
});

Deno.test("special dates of a user answer {results}", async () => {
  await clean();
  await t.sql`
    insert into special_dates (user_id, date, is_unavailable, start_time, end_time, description)
    values (${jonas}, '2026-05-04', true, null, null, 'Klassenfahrt'),
           (${jonas}, '2026-05-11', false, '14:00', '16:00', 'Zahnarzt')
  `;
  const body = await (await admin.get(`/api/admin/special-dates/?user=${jonas}`)).json();
  assertEquals(body.results.map(({ id: _id, ...rest }: { id: number }) => rest), [
    {
      date: "2026-05-04",
      end_date: "2026-05-04",
      is_unavailable: true,
      start_time: null,
      end_time: null,
      description: "Klassenfahrt",
    },
    {
      date: "2026-05-11",
      end_date: "2026-05-11",
      is_unavailable: false,
      start_time: "14:00",
      end_time: "16:00",
      description: "Zahnarzt",
    },
  ]);
  const missing = await admin.get("/api/admin/special-dates/");
  assertEquals(missing.status, 400);
});

Deno.test("instructors and students get 403 on every availability call", async () => {
  for (const username of ["anna.schmidt", "jonas.mueller"]) {
    const client = t.client();
    await client.login(username);
    const calls = [
      await client.get("/api/admin/availabilities/"),
      await client.get(`/api/admin/availabilities/?user=${jonas}`),
      await client.get(`/api/admin/special-dates/?user=${jonas}`),
      await client.post("/api/admin/availabilities/import/", csvForm("anna.schmidt;4;08:00;09:00")),
    ];
    assertEquals(calls.map((r) => r.status), [403, 403, 403, 403]);
  }
  const [{ n }] = await t.sql`select count(*)::int as n from availabilities where day_of_week = 4
    and availability_type = 'available'`;
  assertEquals(n, 0);
});

Deno.test("the list filters by role, person and weekday", async () => {
  await clean();
  await addAvailable([
    [anna, 1, "08:00", "12:00"],
    [anna, 2, "09:00", "12:00"],
    [jonas, 2, "14:00", "18:30"],
    [jonas, 3, "15:00", "16:00"],
  ]);
  const ids = async (query: string) => {
    const res = await admin.get(`/api/admin/availabilities/?page_size=100&${query}`);
    assertEquals(res.status, 200);
    const body = await res.json();
    return body.results.map((r: { user_id: number; day_of_week: number }) =>
      `${r.user_id === anna ? "anna" : "jonas"}-${r.day_of_week}`
    ).sort();
  };
  assertEquals(await ids("role=instructor"), ["anna-1", "anna-2"]);
  assertEquals(await ids("role=student"), ["jonas-2", "jonas-3"]);
  assertEquals(await ids(`person=${jonas}`), ["jonas-2", "jonas-3"]);
  assertEquals(await ids("day_of_week=2"), ["anna-2", "jonas-2"]);
  assertEquals(await ids(`day_of_week=2&person=${anna}`), ["anna-2"]);
  assertEquals(await ids("role=&person=&day_of_week="), ["anna-1", "anna-2", "jonas-2", "jonas-3"]);
  const bad = await admin.get("/api/admin/availabilities/?day_of_week=8");
  assertEquals([bad.status, (await bad.json()).error], [
    400,
    "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.",
  ]);
  const badRole = await admin.get("/api/admin/availabilities/?role=admin");
  assertEquals(badRole.status, 400);
});

Deno.test("the admin adds and deletes an absence range of a person, with audit lines", async () => {
  await clean();
  await t.sql`delete from special_dates`;
  const [before] = await t.sql`select special_dates_version as v from users where id = ${jonas}`;
  const res = await admin.post("/api/admin/special-dates/", {
    user_id: jonas,
    date: "2027-07-05",
    end_date: "2027-07-09",
    is_unavailable: false,
    start_time: "08:00",
    end_time: "12:00",
    description: "Praktikum",
  });
  assertEquals(res.status, 201);
  const created = await res.json();
  assertEquals(created.message, "Abwesenheit gespeichert. 0 Termine sind betroffen.");
  const list = await (await admin.get(`/api/admin/special-dates/?user=${jonas}`)).json();
  assertEquals(list.results.length, 1);
  assertEquals([list.results[0].date, list.results[0].end_date], ["2027-07-05", "2027-07-09"]);
  const [after] = await t.sql`select special_dates_version as v from users where id = ${jonas}`;
  assertEquals(after.v, before.v + 1);
  const [line] = await t.sql`
    select summary from audit_log where action = 'absence.create' order by id desc limit 1`;
  assert(line.summary.includes("vom 05.07.2027 bis 09.07.2027, 08:00–12:00 Uhr eingetragen"));

  const reversed = await admin.post("/api/admin/special-dates/", {
    user_id: jonas,
    date: "2027-07-05",
    end_date: "2027-07-01",
    is_unavailable: true,
  });
  assertEquals([reversed.status, (await reversed.json()).error], [
    400,
    "Das Enddatum darf nicht vor dem Startdatum liegen.",
  ]);

  const gone = await admin.delete(`/api/admin/special-dates/${created.id}/`);
  assertEquals(gone.status, 200);
  assertEquals((await t.sql`select 1 from special_dates`).length, 0);
  assertEquals((await admin.delete(`/api/admin/special-dates/${created.id}/`)).status, 404);
});

Deno.test("70,000 names or lines answer 4xx or success, never 500", async () => {
  // More values than Postgres has bind parameters (65,535): the file once answered 500.
  await clean();
  const unknown = Array.from({ length: 70_000 }, (_, i) => `fremd.${i};1;08:00;09:00`);
  const refused = await importCsv(admin, unknown.join("\n"));
  assertEquals(refused.status, 400);
  assertEquals(refused.body.error, "Zeile 1: Unbekannter Benutzer „fremd.0“.");

  // 70,000 lines of 700 people (100 times each): as many values as above, without writing
  // 70,000 users (which costs the suite half a minute and tests nothing more).
  await t.sql`
    insert into users (username, role, password_hash)
    select 'viele.' || n, 'student', 'kein-login' from generate_series(0, 699) as n
  `;
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const known = Array.from({ length: 70_000 }, (_, i) => {
    const from = 6 * 60 + (i % 100);
    return `viele.${Math.floor(i / 100)};2;${clock(from)};${clock(from + 30)}`;
  });
  // Last in this file: the 700 people stay (deleting them cascades through every table).
  const imported = await importCsv(admin, known.join("\n"));
  assertEquals(imported.status, 200);
  assertEquals(imported.body.created, 70_000);
  assertEquals(await countAvailable(), 70_000);
  const again = await importCsv(admin, known.join("\n"));
  assertEquals([again.status, again.body.created], [200, 0]);
});
