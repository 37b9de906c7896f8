import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";

const t = await createTestApp("people_list");
await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Maren",
  last_name: "Chef",
});
const anna = await insertUser(t.sql, {
  username: "anna.schmidt",
  role: "instructor",
  first_name: "Anna",
  last_name: "Schmidt",
  email: "anna@fahrschule.de",
});
const bernd = await insertUser(t.sql, { username: "bernd", role: "instructor" });
const maria = await insertUser(t.sql, {
  username: "maria.mustermann",
  role: "student",
  first_name: "Maria",
  last_name: "Mustermann",
});
const tom = await insertUser(t.sql, {
  username: "tom.becker",
  role: "student",
  first_name: "Tom",
  last_name: "Becker",
  email: "tom@marburg.de",
});
const zoe = await insertUser(t.sql, {
  username: "zoe_100%",
  role: "student",
  first_name: "Zoë",
  last_name: "Adler",
});
await t.sql`update instructor_profiles set monthly_hours_target = 40,
  transmission_types = '{automatic,manual}' where user_id = ${anna}`;
await t.sql`update student_profiles set completed_manual_hours = 5 where user_id = ${maria}`;
await t.sql`update student_profiles set license_class = 'B78', required_manual_hours = 0,
  required_automatic_hours = 20 where user_id = ${zoe}`;
await t.sql`update users set is_active = false where id = ${tom}`;
// A 90-minute lesson that began today on the school's clock and has not ended (planned until it
// ends, then done), whatever time the test runs; a cancelled one does not count.
const todayStart = t
  .sql`date_trunc('day', now() at time zone ${SCHOOL_TIME_ZONE}) at time zone ${SCHOOL_TIME_ZONE}`;
const startedToday = t.sql`greatest(${todayStart}, now() - interval '1 minute')`;
await t.sql`
  insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
  values (${tom}, ${anna}, 'manual', ${startedToday},
          ${startedToday} + interval '90 minutes', 'confirmed'),
         (${tom}, ${anna}, 'manual', ${todayStart} + interval '180 minutes',
          ${todayStart} + interval '240 minutes', 'cancelled'),
         (${maria}, ${anna}, 'manual', ${todayStart} + interval '40 days 10 hours',
          ${todayStart} + interval '40 days 11 hours', 'confirmed')
`;
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

async function list(query: string) {
  const res = await admin.get(`/api/admin/users/?${query}`);
  assertEquals(res.status, 200, query);
  return await res.json();
}

const names = (body: { results: { username: string }[] }) => body.results.map((r) => r.username);

Deno.test("instructor rows carry profile, this month's hours against target and today's count", async () => {
  const body = await list("role=instructor");
  assertEquals(names(body), ["anna.schmidt", "bernd"]);
  assertEquals([body.total, body.total_pages, body.page, body.page_size], [2, 1, 1, 20]);
  const [a, b] = body.results;
  assertEquals(a, {
    id: anna,
    username: "anna.schmidt",
    full_name: "Anna Schmidt",
    first_name: "Anna",
    last_name: "Schmidt",
    email: "anna@fahrschule.de",
    phone: "",
    role: "instructor",
    is_active: true,
    date_joined: a.date_joined,
    profile: {
      transmission_types: ["automatic", "manual"],
      monthly_hours_target: 40,
      default_vehicle_id: null,
    },
    week_hours: { current: 1.5, target: 40 },
    today_appointments: 1,
    // Today's lesson is before the planning horizon (from tomorrow); no working hours entered.
    utilization: { percent: 0, planned_hours: 0, available_hours: 0, appointments: 0 },
  });
  assert(!Number.isNaN(Date.parse(a.date_joined)));
  assertEquals(b.full_name, "bernd", "the name falls back to the username");
  assertEquals(b.week_hours, null, "no target: 'Diesen Monat' shows '-'");
  assertEquals(b.today_appointments, 0);
});

Deno.test("student rows carry progress, next appointment and open hours", async () => {
  const body = await list("role=student&sort_by=full_name");
  assertEquals(names(body), ["maria.mustermann", "tom.becker", "zoe_100%"]);
  const m = body.results[0];
  assertEquals(m.profile.license_class, "B");
  assertEquals(m.profile.completed_manual_hours, 5);
  assertEquals(m.profile.metadata.available_in_holidays, "ja");
  // Computed the way the fixture was inserted, so a DST change in between cannot break it.
  const [next] = await t.sql`
    select to_char(at, 'YYYY-MM-DD') as date, to_char(at, 'HH24:MI') as start_time
    from (select (${todayStart} + interval '40 days 10 hours') at time zone ${SCHOOL_TIME_ZONE} as at) x
  `;
  assertEquals(m.next_appointment, { ...next, instructor_name: "Anna Schmidt" });
  assertEquals(m.remaining_hours_total, 14, "20 required - 5 done - 1 planned");
  const tomRow = body.results[1];
  assertEquals(tomRow.is_active, false);
  // 90 minutes of driving are two Fahrstunden of 45 (lesson_count, migration 0190).
  assertEquals(tomRow.remaining_hours_total, 18, "a double lesson under way is no longer open");
  assertEquals(tomRow.profile.completed_manual_hours, 0, "nor done before it has ended");
  assertEquals(body.results[2].remaining_hours_total, 20);
});

Deno.test("search matches names, full name, username and e-mail in any case, nothing else", async () => {
  assertEquals(names(await list("role=student&search=MAR")), ["maria.mustermann", "tom.becker"]);
  assertEquals(names(await list("role=student&search=ria%20must")), ["maria.mustermann"]);
  assertEquals(names(await list("role=student&search=zoë")), ["zoe_100%"]);
  assertEquals(names(await list("role=student&search=%25")), ["zoe_100%"], "% is literal");
  assertEquals(names(await list("role=student&search=e_1")), ["zoe_100%"], "_ is literal");
  assertEquals(names(await list("role=student&search=schmidt")), [], "other roles stay out");
  const empty = await list("role=instructor&search=niemand");
  assertEquals([empty.total, empty.total_pages, empty.results], [0, 1, []]);
});

Deno.test("sorting by each whitelisted key, both directions", async () => {
  assertEquals(names(await list("role=student&sort_direction=desc")), [
    "zoe_100%",
    "tom.becker",
    "maria.mustermann",
  ]);
  assertEquals(
    names(await list("role=student&sort_by=remaining_hours_total")),
    ["maria.mustermann", "tom.becker", "zoe_100%"],
  );
  // Equal keys fall back to the username in the same direction.
  assertEquals(names(await list("role=student&sort_by=license_class&sort_direction=desc")), [
    "zoe_100%",
    "tom.becker",
    "maria.mustermann",
  ]);
  assertEquals(names(await list("role=student&sort_by=is_active")), [
    "tom.becker",
    "maria.mustermann",
    "zoe_100%",
  ]);
  assertEquals(names(await list("role=instructor&sort_by=week_hours&sort_direction=desc")), [
    "anna.schmidt",
    "bernd",
  ]);
  assertEquals(names(await list("role=instructor&sort_by=today_appointments")), [
    "bernd",
    "anna.schmidt",
  ]);
  assertEquals(names(await list("role=instructor&sort_by=name&sort_direction=desc")), [
    "bernd",
    "anna.schmidt",
  ]);
});

Deno.test("paging answers the requested slice and its figures", async () => {
  const body = await list("role=student&page=2&page_size=2");
  assertEquals(names(body), ["zoe_100%"]);
  assertEquals([body.total, body.total_pages, body.page, body.page_size], [3, 2, 2, 2]);
  assertEquals((await list("role=student&page=9")).results, []);
  const both = await list("");
  assertEquals(both.total, 5, "without a role: instructors and students, no administrators");
});

Deno.test("bad query parameters answer 400 with German messages", async () => {
  const cases: [string, string][] = [
    ["page=0", "Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben."],
    ["page=abc", "Ungültige Seitenzahl: Bitte eine ganze Zahl ab 1 angeben."],
    ["page_size=101", "Ungültige Seitengröße: Bitte eine ganze Zahl von 1 bis 100 angeben."],
    ["role=admin", "Die Rolle muss „instructor“ oder „student“ sein."],
    [
      "role=instructor&sort_by=remaining_hours_total",
      "Nach „remaining_hours_total“ kann nicht sortiert werden.",
    ],
    ["role=student&sort_by=password_hash", "Nach „password_hash“ kann nicht sortiert werden."],
    ["sort_direction=up", "Die Sortierrichtung muss „asc“ oder „desc“ sein."],
  ];
  for (const [query, message] of cases) {
    const res = await admin.get(`/api/admin/users/?${query}`);
    assertEquals([res.status, (await res.json()).error], [400, message], query);
  }
});

Deno.test("the detail of a user answers the row plus schedule; unknown ids answer 404", async () => {
  const detail = await (await admin.get(`/api/admin/users/${bernd}/`)).json();
  assertEquals(
    [detail.work_schedule, detail.breaks, detail.vacation_periods, detail.theory_sessions],
    [[], [], [], []],
  );
  const student = await (await admin.get(`/api/admin/users/${maria}/`)).json();
  // Monday to Saturday (the school plans Sundays not by default): Saturday lessons are possible.
  assertEquals(
    student.school_schedule.map((d: { day_of_week: number }) => d.day_of_week),
    [1, 2, 3, 4, 5, 6],
  );
  for (const path of ["/api/admin/users/999999/", "/api/admin/users/abc/"]) {
    const res = await admin.get(path);
    assertEquals([res.status, (await res.json()).error], [404, "Benutzer wurde nicht gefunden."]);
  }
});
