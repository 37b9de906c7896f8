import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { schoolCalendarAnswerSchema } from "../../common/contract/school_calendar.ts";
import { shippedFerien } from "../../common/school_calendar/ferien_data.ts";
import { addDays, schoolDay } from "../../common/time.ts";
import { closedDays } from "../../db/school_calendar.ts";

const t = await createTestApp("school_calendar_routes");
await insertUser(t.sql, { username: "chef", role: "admin", first_name: "Anna", last_name: "Chef" });
await insertUser(t.sql, { username: "lehrer", role: "instructor" });
Deno.test.afterAll?.(() => t.close());

async function admin() {
  const client = t.client();
  await client.login("chef");
  return client;
}
const url = "/api/admin/school-calendar/";

// Runs first: what migration 0008 left in the fresh database.
Deno.test("a new school: Nordrhein-Westfalen, its Ferien of this and next school year", async () => {
  const res = await (await admin()).get(url);
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(schoolCalendarAnswerSchema, body);
  assertEquals(body.federal_state, "NW");
  assertEquals(body.federal_state_name, "Nordrhein-Westfalen");
  const expected = shippedFerien("NW", schoolDay());
  assert(expected.length > 0, "the shipped file covers today's school year");
  assertEquals(
    body.ferien.map((f: any) => ({ name: f.name, start: f.start_date, end: f.end_date })),
    expected,
  );
  // NRW 2026/27 as the ministry fixed it (the dates the file must hold).
  const nw = shippedFerien("NW", "2026-09-01").map((f) => `${f.name} ${f.start}..${f.end}`);
  for (
    const line of [
      "Herbstferien 2026-10-17..2026-10-31",
      "Weihnachtsferien 2026-12-23..2027-01-06",
      "Osterferien 2027-03-22..2027-04-03",
      "Pfingstferien 2027-05-18..2027-05-18",
      "Sommerferien 2027-07-19..2027-08-31",
    ]
  ) assert(nw.includes(line), line);
});

Deno.test("the public holidays of the coming months are listed for the saved state", async () => {
  const body = await (await (await admin()).get(url)).json();
  const today = schoolDay();
  assertEquals(body.public_holidays_from, today);
  assert(body.public_holidays_to > addDays(today, 150));
  assertEquals(body.public_holidays, await closedDays(t.sql, today, body.public_holidays_to));
  // Every NRW year has these; half a year ahead always holds some of them.
  assert(body.public_holidays.length >= 2);
  assert(body.public_holidays.every((h: any) => h.date >= today && h.name.length > 0));
});

Deno.test("saving replaces state and Ferien and writes one activity line", async () => {
  const client = await admin();
  await t.sql`delete from audit_log`;
  const res = await client.put(url, {
    federal_state: "BY",
    ferien: [
      { name: "Pfingstferien", start_date: "2027-05-18", end_date: "2027-05-28" },
      { name: " Herbstferien ", start_date: "2026-11-02", end_date: "2026-11-06" },
    ],
  });
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(schoolCalendarAnswerSchema, body);
  assertEquals(body.federal_state, "BY");
  assertEquals(body.federal_state_name, "Bayern");
  assertEquals(body.ferien.map((f: any) => [f.name, f.start_date, f.end_date]), [
    ["Herbstferien", "2026-11-02", "2026-11-06"],
    ["Pfingstferien", "2027-05-18", "2027-05-28"],
  ]);
  const again = await (await client.get(url)).json();
  assertEquals(again.ferien, body.ferien);
  const [{ federal_state }] = await t.sql`select federal_state from school_settings`;
  assertEquals(federal_state, "BY");
  const log = await t.sql`select actor_name, action, summary, details from audit_log`;
  assertEquals(log.length, 1);
  assertEquals(log[0].actor_name, "Anna Chef");
  assertEquals(log[0].action, "school_calendar.update");
  assertEquals(log[0].summary, "Ferien & Feiertage gespeichert: Bayern, 2 Ferienzeiträume");
  assertEquals(log[0].details.federal_state_before, "NW");
});

Deno.test("bad input: German 400, nothing saved", async () => {
  const client = await admin();
  const before = await (await client.get(url)).json();
  const cases: [unknown, string][] = [
    [
      {
        federal_state: "NW",
        ferien: [{ name: "Osterferien", start_date: "2027-04-03", end_date: "2027-03-22" }],
      },
      "Der letzte Ferientag darf nicht vor dem ersten liegen.",
    ],
    [
      { federal_state: "XX", ferien: [] },
      "Bitte eines der 16 Bundesländer wählen.",
    ],
    [
      {
        federal_state: "NW",
        ferien: [{ name: "", start_date: "2027-04-03", end_date: "2027-04-04" }],
      },
      "Bitte einen Namen der Ferien angeben.",
    ],
    [
      {
        federal_state: "NW",
        ferien: [{ name: "Ostern", start_date: "2027-02-30", end_date: "2027-03-04" }],
      },
      "Erster Ferientag: Bitte ein gültiges Datum angeben (JJJJ-MM-TT).",
    ],
  ];
  for (const [payload, message] of cases) {
    const res = await client.put(url, payload);
    assertEquals(res.status, 400);
    assertEquals((await res.json()).error, message);
  }
  assertEquals(await (await client.get(url)).json(), before);
});

Deno.test("instructors may not read or change the school calendar", async () => {
  const client = t.client();
  await client.login("lehrer");
  assertEquals((await client.get(url)).status, 403);
  assertEquals((await client.put(url, { federal_state: "NW", ferien: [] })).status, 403);
});

Deno.test("closing days: single days and ranges, whole or from a time; only admins (issue 25, point 2)", async () => {
  const chef = await admin();
  const closingUrl = `${url}closing-days/`;
  const year = Number(schoolDay().slice(0, 4)) + 1;
  // Refused in German, nothing stored.
  for (
    const [body, error] of [
      [{ name: "", start_date: `${year}-12-24` }, "Bitte einen Namen des Schließtags angeben."],
      [
        { name: "Betriebsausflug", start_date: `${year}-06-10`, end_date: `${year}-06-09` },
        "Der letzte Schließtag darf nicht vor dem ersten liegen.",
      ],
      [
        { name: "Heiligabend", start_date: `${year}-12-24`, from_time: "25:00" },
        "Bitte eine Uhrzeit im Format HH:MM angeben.",
      ],
    ] as const
  ) {
    const res = await chef.post(closingUrl, body);
    assertEquals([res.status, (await res.json()).error], [400, error], JSON.stringify(body));
  }
  const lehrer = t.client();
  await lehrer.login("lehrer");
  assertEquals(
    (await lehrer.post(closingUrl, { name: "x", start_date: `${year}-12-24` })).status,
    403,
  );

  let res = await chef.post(closingUrl, {
    name: "Heiligabend",
    start_date: `${year}-12-24`,
    from_time: "12:00",
  });
  assertEquals(res.status, 201, await res.clone().text());
  res = await chef.post(closingUrl, {
    name: "Betriebsferien",
    start_date: `${year}-12-28`,
    end_date: `${year}-12-30`,
  });
  const body = await res.json();
  assertContract(schoolCalendarAnswerSchema, body);
  assertEquals(
    body.closing_days.map((d: any) => [d.name, d.start_date, d.end_date, d.from_time]),
    [
      ["Heiligabend", `${year}-12-24`, `${year}-12-24`, "12:00"],
      ["Betriebsferien", `${year}-12-28`, `${year}-12-30`, null],
    ],
  );
  const [audit] = await t.sql`select action, summary from audit_log order by id desc limit 1`;
  assertEquals(
    audit.summary,
    `Schließtage eingetragen: Betriebsferien, 28.12.${year} – 30.12.${year}`,
  );

  // The days the planner and the checks read (db/school_calendar.ts, which the worker uses):
  // every day of a range, and a day closing at noon as a closed day from that time.
  const closed = await closedDays(t.sql, `${year}-12-24`, `${year}-12-31`);
  assertEquals(closed.map((d) => [d.date, d.name, d.from ?? null]), [
    [`${year}-12-24`, "Heiligabend", "12:00"],
    [`${year}-12-25`, "1. Weihnachtstag", null],
    [`${year}-12-26`, "2. Weihnachtstag", null],
    [`${year}-12-28`, "Betriebsferien", null],
    [`${year}-12-29`, "Betriebsferien", null],
    [`${year}-12-30`, "Betriebsferien", null],
  ]);
  // The page's public holidays stay the public holidays.
  assert(!body.public_holidays.some((h: any) => h.name === "Betriebsferien"));

  const id = body.closing_days[1].id;
  res = await chef.request("DELETE", `${closingUrl}${id}/`);
  assertEquals(res.status, 200);
  assertEquals((await res.json()).closing_days.length, 1);
  assertEquals((await chef.request("DELETE", `${closingUrl}${id}/`)).status, 404);
});
