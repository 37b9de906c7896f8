import { z } from "zod";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { myAbsenceSchema, myAppointmentSchema } from "../../common/contract/my_appointment.ts";
import { createTestApp, insertUser, type TestClient } from "../testing/test_app.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

const t = await createTestApp("self_service");
const annaId = await insertUser(t.sql, { username: "anna", role: "student" });
const bertId = await insertUser(t.sql, {
  username: "bert",
  role: "instructor",
  first_name: "Bert",
  last_name: "Brems",
});
await insertUser(t.sql, { username: "carla", role: "student" });
await insertUser(t.sql, { username: "uli", role: "student", first_name: "Uli" });

Deno.test.afterAll?.(() => t.close());

const monday8 = { day_of_week: 1, start_time: "08:00:00", end_time: "09:00:00" };
const tuesday9 = { day_of_week: 2, start_time: "09:00:00", end_time: "10:00:00" };

async function signedIn(username: string): Promise<TestClient> {
  const client = t.client();
  await client.login(username);
  return client;
}

async function versionOf(userId: number) {
  const [row] = await t.sql`
    select availability_version, special_dates_version from users where id = ${userId}
  `;
  return row;
}

Deno.test("without a session every /my-* call answers 401", async () => {
  const client = t.client();
  await client.fetchCsrf();
  for (const path of ["/api/my-availability/", "/api/my-special-dates/", "/api/my-appointments/"]) {
    const res = await client.get(path);
    assertEquals(res.status, 401, path);
    assertEquals((await res.json()).error, "Bitte melden Sie sich an.");
  }
  const write = await client.post("/api/my-availability/", { availabilities: [monday8] });
  assertEquals(write.status, 401);
});

Deno.test("a write without the CSRF header is refused and changes nothing", async () => {
  const client = await signedIn("carla");
  const res = await client.post("/api/my-availability/", { availabilities: [monday8] }, {
    "X-CSRFToken": "",
  });
  assertEquals(res.status, 403);
  assertEquals((await res.json()).code, "csrf_failed");
  const [row] = await t.sql`
    select count(*)::int as n from availabilities a join users u on u.id = a.user_id
    where u.username = 'carla'
  `;
  assertEquals(row.n, 0);
});

Deno.test("POST replaces the grid, bumps the version and GET answers it with an ETag", async () => {
  const anna = await signedIn("anna");
  const before = await anna.get("/api/my-availability/");
  assertEquals(before.headers.get("ETag"), `"${(await versionOf(annaId)).availability_version}"`);
  assertEquals(before.headers.get("Cache-Control"), "no-store");

  const first = await anna.post("/api/my-availability/", { availabilities: [monday8, tuesday9] });
  assertEquals(first.status, 200);
  const second = await anna.post("/api/my-availability/", {
    availabilities: [{ day_of_week: 3, start_time: "07:00", end_time: "08:00" }],
  });
  assertEquals(second.status, 200);
  const answer = await second.json();
  assertEquals(answer.message, "Verfügbarkeit erfolgreich gespeichert");

  const res = await anna.get("/api/my-availability/");
  assertEquals(await res.json(), [
    { day_of_week: 3, start_time: "07:00:00", end_time: "08:00:00" },
  ]);
  assertEquals(res.headers.get("ETag"), `"${answer.version}"`);
  assertEquals((await versionOf(annaId)).availability_version, answer.version);
});

Deno.test("one user's data is never visible to or writable by another", async () => {
  const anna = await signedIn("anna");
  const bert = await signedIn("bert");
  await anna.post("/api/my-availability/", { availabilities: [monday8] });
  await anna.post("/api/my-special-dates/", {
    special_dates: [{ date: "2027-05-03", is_unavailable: true, description: "Annas Urlaub" }],
  });
  const [annasRow] = await t.sql`select id::int from special_dates where user_id = ${annaId}`;

  assertEquals(await (await bert.get("/api/my-availability/")).json(), []);
  assertEquals(await (await bert.get("/api/my-special-dates/")).json(), []);

  // Bert names Anna's row id and user id: the server ignores both and writes only Bert's set.
  const res = await bert.post("/api/my-special-dates/", {
    special_dates: [{
      id: annasRow.id,
      user_id: annaId,
      date: "2027-06-01",
      is_unavailable: true,
      description: "Überschreiben?",
    }],
  });
  assertEquals(res.status, 200);
  const annas = await (await anna.get("/api/my-special-dates/")).json();
  assertEquals(annas.map((r: { description: string }) => r.description), ["Annas Urlaub"]);
  const [owners] = await t.sql`
    select count(*) filter (where user_id = ${annaId})::int as anna,
           count(*) filter (where user_id = ${bertId})::int as bert
    from special_dates
  `;
  assertEquals(owners, { anna: 1, bert: 1 });
  assertEquals(await (await anna.get("/api/my-availability/")).json(), [monday8]);
});

Deno.test("validation refuses bad input with German messages and writes nothing", async () => {
  const anna = await signedIn("anna");
  const base = await anna.post("/api/my-availability/", { availabilities: [monday8] });
  assertEquals(base.status, 200);
  const versionBefore = await versionOf(annaId);
  const cases: [unknown, string][] = [
    [
      { availabilities: [{ day_of_week: 7, start_time: "10:00", end_time: "11:00" }] },
      "Sonntag ist kein Planungstag der Fahrschule und kann nicht gespeichert werden.",
    ],
    [
      { availabilities: [{ day_of_week: 8, start_time: "10:00", end_time: "11:00" }] },
      "Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen.",
    ],
    [
      { availabilities: [{ day_of_week: 1, start_time: "10:30", end_time: "11:30" }] },
      "Jede Verfügbarkeit liegt in genau einer Stunde des Rasters (z. B. 08:00–09:00 oder 08:30–09:00).",
    ],
    [
      { availabilities: [{ day_of_week: 1, start_time: "10:00", end_time: "12:00" }] },
      "Jede Verfügbarkeit liegt in genau einer Stunde des Rasters (z. B. 08:00–09:00 oder 08:30–09:00).",
    ],
    [{ availabilities: [monday8, monday8] }, "Ein Zeitraum ist doppelt angegeben."],
    [
      { availabilities: Array.from({ length: 201 }, () => monday8) },
      "Höchstens 200 Zeiträume auf einmal.",
    ],
  ];
  for (const [body, message] of cases) {
    const res = await anna.post("/api/my-availability/", body);
    assertEquals(res.status, 400, JSON.stringify(body).slice(0, 80));
    const answer = await res.json();
    assertEquals(answer.code, "validation_failed");
    assertEquals(answer.error, message);
  }
  const dateCases: [unknown, string][] = [
    [
      { special_dates: [{ date: "2027-02-30", is_unavailable: true }] },
      "Bitte geben Sie ein gültiges Datum an (TT.MM.JJJJ).",
    ],
    [
      {
        special_dates: [{
          date: "2027-02-03",
          is_unavailable: false,
          start_time: "12:00",
          end_time: "09:00",
        }],
      },
      "Bei einer teilweisen Abwesenheit braucht es eine Startzeit vor der Endzeit (z. B. 08:00 bis 12:00).",
    ],
    [
      { special_dates: [{ date: "2027-02-03", is_unavailable: false }] },
      "Bei einer teilweisen Abwesenheit braucht es eine Startzeit vor der Endzeit (z. B. 08:00 bis 12:00).",
    ],
  ];
  for (const [body, message] of dateCases) {
    const res = await anna.post("/api/my-special-dates/", body);
    assertEquals(res.status, 400);
    assertEquals((await res.json()).error, message);
  }
  assertEquals(await versionOf(annaId), versionBefore);
  assertEquals(await (await anna.get("/api/my-availability/")).json(), [monday8]);
});

Deno.test("a whole-day absence drops the times; a partial one keeps them", async () => {
  const bert = await signedIn("bert");
  const res = await bert.post("/api/my-special-dates/", {
    special_dates: [
      { date: "2027-04-12", is_unavailable: true, start_time: "08:00", end_time: "09:00" },
      {
        date: "2027-04-13",
        is_unavailable: false,
        start_time: "08:05",
        end_time: "11:30",
        description: " Arzttermin ",
      },
    ],
  });
  assertEquals(res.status, 200);
  const rows = await (await bert.get("/api/my-special-dates/")).json();
  assertEquals(rows.map(({ id: _id, ...row }: { id: number }) => row), [
    {
      date: "2027-04-12",
      end_date: "2027-04-12",
      is_unavailable: true,
      start_time: null,
      end_time: null,
      description: "",
    },
    {
      date: "2027-04-13",
      end_date: "2027-04-13",
      is_unavailable: false,
      start_time: "08:05:00",
      end_time: "11:30:00",
      description: "Arzttermin",
    },
  ]);
});

Deno.test("If-Match on a stale version answers 412 with what is stored, and writes nothing", async () => {
  const anna = await signedIn("anna");
  const get = await anna.get("/api/my-availability/");
  const etag = get.headers.get("ETag")!;
  const fresh = await anna.post("/api/my-availability/", { availabilities: [tuesday9] }, {
    "If-Match": etag,
  });
  assertEquals(fresh.status, 200);
  const { version } = await fresh.json();
  assertEquals(fresh.headers.get("ETag"), `"${version}"`);

  // A second device still holds the old ETag (written weak, as some proxies do).
  const stale = await anna.post("/api/my-availability/", { availabilities: [monday8] }, {
    "If-Match": `W/${etag}`,
  });
  assertEquals(stale.status, 412);
  const conflict = await stale.json();
  assertEquals(conflict.code, "version_conflict");
  assert(conflict.error.startsWith("Ihre Änderungen beruhen auf einem veralteten Stand"));
  assertEquals(conflict.current, [tuesday9]);
  assertEquals(conflict.version, version);
  assertEquals((await versionOf(annaId)).availability_version, version);

  // Resent with the current version ('Meine Version behalten'), it is applied.
  const kept = await anna.post("/api/my-availability/", { availabilities: [monday8] }, {
    "If-Match": `"${version}"`,
  });
  assertEquals(kept.status, 200);
  assertEquals(await (await anna.get("/api/my-availability/")).json(), [monday8]);

  const junk = await anna.post("/api/my-availability/", { availabilities: [] }, {
    "If-Match": "banana",
  });
  assertEquals(junk.status, 400);
  assertEquals((await junk.json()).code, "invalid_if_match");
});

Deno.test("the same Idempotency-Key twice changes once and answers the same", async () => {
  const bert = await signedIn("bert");
  const before = await versionOf(bertId);
  const key = "test-key-0001-replay";
  const body = { availabilities: [monday8, tuesday9] };
  const first = await bert.post("/api/my-availability/", body, { "Idempotency-Key": key });
  assertEquals(first.status, 200);
  const firstAnswer = await first.json();

  // Something else changes the grid in between; the replay must not undo it.
  await bert.post("/api/my-availability/", { availabilities: [monday8] });
  const second = await bert.post("/api/my-availability/", body, { "Idempotency-Key": key });
  assertEquals(second.status, 200);
  assertEquals(await second.json(), firstAnswer);
  assertEquals(second.headers.get("Idempotent-Replayed"), "true");
  assertEquals((await versionOf(bertId)).availability_version, before.availability_version + 2);
  assertEquals(await (await bert.get("/api/my-availability/")).json(), [monday8]);

  const reused = await bert.post("/api/my-availability/", { availabilities: [] }, {
    "Idempotency-Key": key,
  });
  assertEquals(reused.status, 422);
  assertEquals((await reused.json()).code, "idempotency_key_reused");
});

Deno.test("one key sent twice at the same moment is applied once", async () => {
  const carla = await signedIn("carla");
  const [{ id }] = await t.sql`select id::int from users where username = 'carla'`;
  const before = (await versionOf(id)).special_dates_version;
  const body = { special_dates: [{ date: "2027-07-01", is_unavailable: true }] };
  const headers = { "Idempotency-Key": "parallel-key-42", "If-Match": `"${before}"` };
  const [a, b] = await Promise.all([
    carla.post("/api/my-special-dates/", body, headers),
    carla.post("/api/my-special-dates/", body, headers),
  ]);
  assertEquals([a.status, b.status], [200, 200]);
  assertEquals((await a.json()).version, (await b.json()).version);
  assertEquals((await versionOf(id)).special_dates_version, before + 1);
});

Deno.test("a 412 is remembered under its key too: the replay answers the same conflict", async () => {
  const carla = await signedIn("carla");
  const headers = { "Idempotency-Key": "stale-key-0007", "If-Match": '"999"' };
  const first = await carla.post("/api/my-availability/", { availabilities: [monday8] }, headers);
  const again = await carla.post("/api/my-availability/", { availabilities: [monday8] }, headers);
  assertEquals([first.status, again.status], [412, 412]);
  assertEquals(await again.json(), await first.json());
});

Deno.test("my-appointments lists the user's own lessons on the Berlin wall clock, cancelled ones marked, drafts not", async () => {
  const [vehicle] = await t.sql`insert into vehicles (name) values ('DO-FS 1') returning id::int`;
  const carlaId = (await t.sql`select id::int from users where username = 'carla'`)[0].id;
  await t.sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values
      (${annaId}, ${bertId}, ${vehicle.id}, 'manual',
       timestamp '2027-03-29 14:00' at time zone ${SCHOOL_TIME_ZONE},
       timestamp '2027-03-29 15:00' at time zone ${SCHOOL_TIME_ZONE}, 'confirmed'),
      (${annaId}, ${bertId}, null, 'automatic',
       timestamp '2027-03-26 14:00' at time zone ${SCHOOL_TIME_ZONE},
       timestamp '2027-03-26 15:00' at time zone ${SCHOOL_TIME_ZONE}, 'cancelled'),
      (${carlaId}, ${bertId}, null, 'automatic',
       timestamp '2027-03-26 09:00' at time zone ${SCHOOL_TIME_ZONE},
       timestamp '2027-03-26 10:00' at time zone ${SCHOOL_TIME_ZONE}, 'pending')
  `;
  const anna = await signedIn("anna");
  const annas = await (await anna.get("/api/my-appointments/")).json();
  assertEquals(annas.length, 2);
  assertContract(z.array(myAppointmentSchema), annas);
  assertEquals(annas.map((a: { status: string }) => a.status), ["cancelled", "confirmed"]);
  const { id, ...lesson } = annas[1];
  assert(typeof id === "number");
  assertEquals(lesson, {
    start_time: "2027-03-29T14:00:00+02:00",
    end_time: "2027-03-29T15:00:00+02:00",
    appointment_type: "driving_lesson",
    type_display: "Fahrstunde",
    title: "",
    transmission_type: "manual",
    status: "confirmed",
    cancel_reason: "",
    instructor_name: "Bert Brems",
    student_name: "anna",
    vehicle: "DO-FS 1",
    pickup_point: null,
    pickup_address: "",
    in_own_absence: false,
  });
  // Carla's pending lesson is an unpublished planner draft (issue 23): Bert does not see it yet.
  const berts = await (await (await signedIn("bert")).get("/api/my-appointments/")).json();
  assertEquals(berts.map((a: { start_time: string }) => a.start_time), [
    "2027-03-26T14:00:00+01:00",
    "2027-03-29T14:00:00+02:00",
  ]);
});

Deno.test("a lesson inside the user's own absence is marked for them, not for the other party", async () => {
  const [lesson] = await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${annaId}, ${bertId}, 'manual',
            timestamp '2027-05-12 10:00' at time zone ${SCHOOL_TIME_ZONE},
            timestamp '2027-05-12 11:00' at time zone ${SCHOOL_TIME_ZONE})
    returning id::int`;
  const marked = async (username: string) => {
    const all = await (await (await signedIn(username)).get("/api/my-appointments/")).json();
    return all.find((a: { id: number }) => a.id === lesson.id).in_own_absence;
  };
  assertEquals([await marked("bert"), await marked("anna")], [false, false]);
  // Bert is away that week: his calendar says so; Anna's does not tell her his absence.
  await t.sql`
    insert into special_dates (user_id, date, end_date, is_unavailable, description)
    values (${bertId}, '2027-05-10', '2027-05-14', true, 'Urlaub')`;
  assertEquals([await marked("bert"), await marked("anna")], [true, false]);
  await t.sql`delete from special_dates where user_id = ${bertId}`;
  await t.sql`delete from appointments where id = ${lesson.id}`;
});

Deno.test("an imported multi-hour window reads back as its hours, and saving keeps them", async () => {
  const [{ id }] = await t.sql`select id from users where username = 'carla'`;
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${id}, 'available', 3, '08:30', '11:00'), (${id}, 'available', 3, '10:00', '12:00')
  `;
  const carla = await signedIn("carla");
  const res = await carla.get("/api/my-availability/");
  assertEquals(res.status, 200);
  const hours = await res.json();
  // The first hour is the half hour it is (issue 25), the others whole.
  assertEquals(
    hours,
    [8, 9, 10, 11].map((h) => ({
      day_of_week: 3,
      start_time: h === 8 ? "08:30:00" : `${String(h).padStart(2, "0")}:00:00`,
      end_time: `${String(h + 1).padStart(2, "0")}:00:00`,
    })),
  );
  // The grid sends back what it shows: nothing changed, so the rows stay exactly as they are.
  const saved = await carla.post("/api/my-availability/", { availabilities: hours }, {
    "If-Match": res.headers.get("ETag")!,
  });
  assertEquals(saved.status, 200);
  const rows = await t.sql`
    select start_time::text, end_time::text from availabilities where user_id = ${id}
    order by start_time
  `;
  assertEquals(rows.map((r) => `${r.start_time}-${r.end_time}`), [
    "08:30:00-11:00:00",
    "10:00:00-12:00:00",
  ]);
  // Unmarking 09:00 changes that hour only; the day's windows are merged then.
  const fewer = await carla.post("/api/my-availability/", {
    availabilities: hours.filter((h: { start_time: string }) => h.start_time !== "09:00:00"),
  });
  assertEquals(fewer.status, 200);
  const after = await t.sql`
    select start_time::text, end_time::text from availabilities where user_id = ${id}
    order by start_time
  `;
  assertEquals(after.map((r) => `${r.start_time}-${r.end_time}`), [
    "08:30:00-09:00:00",
    "10:00:00-12:00:00",
  ]);
});

Deno.test("a student without an own grid sees the planner's windows: arrival to 20:00, free periods", async () => {
  const id = await insertUser(t.sql, { username: "dana", role: "student" });
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${id}, 'school', 1, '08:00', '13:30'), (${id}, 'arrival', 1, '17:00', '20:00'),
           (${id}, 'free_period', 2, '10:00', '11:00'), (${id}, 'arrival', 6, '09:00', '20:00')
  `;
  const dana = await signedIn("dana");
  const hours = (rows: { day_of_week: number; start_time: string }[]) =>
    rows.map((r) => `${r.day_of_week} ${r.start_time.slice(0, 5)}`);
  // School hours are not free; Saturday is a planned weekday (the default Monday to Saturday).
  assertEquals(hours(await (await dana.get("/api/my-availability/")).json()), [
    "1 17:00",
    "1 18:00",
    "1 19:00",
    "2 10:00",
    ...[9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((h) => `6 ${String(h).padStart(2, "0")}:00`),
  ]);
  // With Monday to Friday as the planned weekdays, Saturday is not derived.
  await t.sql`update school_settings set planned_weekdays = '{1,2,3,4,5}'`;
  assertEquals((await (await dana.get("/api/my-availability/")).json()).length, 4);
  await t.sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6}'`;
  // Once the student saves a grid, that grid alone is what they see (and the planner uses).
  await dana.post("/api/my-availability/", { availabilities: [tuesday9] });
  assertEquals(hours(await (await dana.get("/api/my-availability/")).json()), ["2 09:00"]);
});

Deno.test("a two-week holiday is one absence from its first to its last day", async () => {
  const bert = await signedIn("bert");
  const res = await bert.post("/api/my-special-dates/", {
    special_dates: [
      { date: "2027-07-05", end_date: "2027-07-18", is_unavailable: true, description: "Urlaub" },
      {
        date: "2027-08-02",
        end_date: "2027-08-06",
        is_unavailable: false,
        start_time: "08:00",
        end_time: "12:00",
      },
    ],
  });
  assertEquals(res.status, 200);
  const rows = await (await bert.get("/api/my-special-dates/")).json();
  assertEquals(
    rows.map((r: { date: string; end_date: string }) => [r.date, r.end_date]),
    [["2027-07-05", "2027-07-18"], ["2027-08-02", "2027-08-06"]],
  );
  // The planner and the conflict check read it day by day.
  const [days] = await t.sql`
    select count(*)::int as n from special_date_days d join users u on u.id = d.user_id
     where u.username = 'bert' and d.date between '2027-07-01' and '2027-07-31'`;
  assertEquals(days.n, 14);
});

Deno.test("a range that ends before it starts or runs over a year answers German 400s", async () => {
  const bert = await signedIn("bert");
  const cases: [unknown, string][] = [
    [
      { date: "2027-07-05", end_date: "2027-07-01", is_unavailable: true },
      "Das Enddatum darf nicht vor dem Startdatum liegen.",
    ],
    [
      { date: "2027-07-05", end_date: "2028-08-01", is_unavailable: true },
      "Eine Abwesenheit darf höchstens ein Jahr lang sein.",
    ],
    [
      { date: "2027-07-05", end_date: "2027-13-01", is_unavailable: true },
      "Bitte geben Sie ein gültiges Enddatum an (TT.MM.JJJJ).",
    ],
  ];
  for (const [entry, message] of cases) {
    const res = await bert.post("/api/my-special-dates/", { special_dates: [entry] });
    assertEquals(res.status, 400);
    assertEquals((await res.json()).error, message);
  }
});

Deno.test("a new absence in the past is refused in German; a stored one may be sent back as it is", async () => {
  const carlaId = (await t.sql`select id::int from users where username = 'carla'`)[0].id;
  await t.sql`delete from special_dates where user_id = ${carlaId}`;
  const carla = await signedIn("carla");
  const refused = await carla.post("/api/my-special-dates/", {
    special_dates: [{ date: "2020-01-01", is_unavailable: true, description: "" }],
  });
  assertEquals(refused.status, 400);
  assertEquals(
    (await refused.json()).error,
    "Abwesenheit 1: Der 01.01.2020 liegt in der Vergangenheit. Bitte geben Sie heute oder einen späteren Tag an.",
  );
  assertEquals((await t.sql`select 1 from special_dates where user_id = ${carlaId}`).length, 0);

  // Last week's absence, already stored, comes back with every save of the list: kept.
  await t.sql`insert into special_dates (user_id, date, end_date, is_unavailable, description)
              values (${carlaId}, '2020-03-02', '2020-03-04', true, 'Klassenfahrt')`;
  const kept = await carla.post("/api/my-special-dates/", {
    special_dates: [
      {
        date: "2020-03-02",
        end_date: "2020-03-04",
        is_unavailable: true,
        description: "Klassenfahrt",
      },
      { date: "2030-01-07", is_unavailable: true, description: "" },
    ],
  });
  assertEquals(kept.status, 200);
  assertEquals((await t.sql`select 1 from special_dates where user_id = ${carlaId}`).length, 2);
});

Deno.test("my-appointments names the pickup point of each lesson, with its address (issue 25)", async () => {
  await t.sql`update student_profiles set start_location = 'Kley'
               where user_id = (select id from users where username = 'uli')`;
  await t.sql`update pickup_points set address = 'Kleyer Weg 1' where name = 'Kley'`;
  const uli = (await t.sql`select id::int from users where username = 'uli'`)[0].id;
  await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${uli}, ${bertId}, 'manual',
            timestamp '2027-06-01 10:00' at time zone ${SCHOOL_TIME_ZONE},
            timestamp '2027-06-01 11:30' at time zone ${SCHOOL_TIME_ZONE})`;
  const lessons = await (await (await signedIn("uli")).get("/api/my-appointments/")).json();
  assertContract(z.array(myAppointmentSchema), lessons);
  assertEquals(
    lessons.map((l: { pickup_point: string; pickup_address: string; end_time: string }) => [
      l.pickup_point,
      l.pickup_address,
      l.end_time,
    ]),
    [["Kley", "Kleyer Weg 1", "2027-06-01T11:30:00+02:00"]],
  );
});

Deno.test("my-absences lists the user's own absences of every kind, by date (issue 25)", async () => {
  const uli = (await t.sql`select id::int from users where username = 'uli'`)[0].id;
  await t.sql`insert into vacation_periods (user_id, start_date, end_date, kind, description)
              values (${uli}, '2027-07-05', '2027-07-16', 'vacation', ''),
                     (${bertId}, '2027-07-01', '2027-07-02', 'sick', 'Grippe')`;
  await t.sql`insert into special_dates (user_id, date, end_date, is_unavailable, start_time,
                                         end_time, description)
              values (${uli}, '2027-06-14', '2027-06-14', false, '08:00', '12:00', 'Klausur')`;
  const mine = await (await (await signedIn("uli")).get("/api/my-absences/")).json();
  assertContract(z.array(myAbsenceSchema), mine);
  assertEquals(mine, [
    {
      from: "2027-06-14",
      to: "2027-06-14",
      start_time: "08:00",
      end_time: "12:00",
      label: "Abwesend (Klausur)",
    },
    { from: "2027-07-05", to: "2027-07-16", start_time: null, end_time: null, label: "Urlaub" },
  ]);
  const berts = await (await (await signedIn("bert")).get("/api/my-absences/")).json();
  // Bert's sick note, without the office's note; his other absences come from earlier tests.
  assertEquals(berts[0], {
    from: "2027-07-01",
    to: "2027-07-02",
    start_time: null,
    end_time: null,
    label: "Krankmeldung",
  });
});

Deno.test("a half-hour working start reads back as the half hour it is (issue 25)", async () => {
  const ida = await insertUser(t.sql, { username: "ida", role: "instructor", first_name: "Ida" });
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                          end_time)
              values (${ida}, 'work', 1, '08:30', '10:00'), (${ida}, 'work', 2, '14:00', '15:30')`;
  const hours = await (await (await signedIn("ida")).get("/api/my-availability/")).json();
  assertEquals(hours, [
    { day_of_week: 1, start_time: "08:30:00", end_time: "09:00:00" },
    { day_of_week: 1, start_time: "09:00:00", end_time: "10:00:00" },
    { day_of_week: 2, start_time: "14:00:00", end_time: "15:00:00" },
    { day_of_week: 2, start_time: "15:00:00", end_time: "15:30:00" },
  ]);
});
