/**
 * Draft, then publish (issue 23): a planner run's lessons (pending) are the office's alone until
 * "Plan veröffentlichen"; people see them in /my-appointments/ and their calendar feed only after.
 */
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";

const t = await createTestApp("plan_draft");
await insertUser(t.sql, { username: "chef", role: "admin" });
const student = await insertUser(t.sql, { username: "lena", role: "student" });
const instructor = await insertUser(t.sql, { username: "otto", role: "instructor" });
const other = await insertUser(t.sql, { username: "max", role: "student" });
Deno.test.afterAll?.(() => t.close());

async function signedIn(username: string) {
  const client = t.client();
  await client.login(username);
  return client;
}

async function draft() {
  await t.sql`delete from appointments`;
  await t.sql`delete from planner_jobs`;
  await insertAppointment(t.sql, { student, instructor, day: "2030-03-04", start: "09:00" });
  for (const [who, start] of [[student, "10:00"], [other, "11:00"], [other, "12:00"]] as const) {
    await insertAppointment(t.sql, {
      student: who,
      instructor,
      day: "2030-03-05",
      start,
      status: "pending",
    });
  }
}

async function myLessons(username: string): Promise<string[]> {
  const res = await (await signedIn(username)).get("/api/my-appointments/");
  assertEquals(res.status, 200);
  return (await res.json()).map((a: { status: string }) => a.status);
}

async function feedEvents(username: string): Promise<number> {
  const client = await signedIn(username);
  const { url } = await (await client.get("/api/my-calendar-feed/")).json();
  const feed = await (await t.client().get(new URL(url).pathname)).text();
  return feed.split("BEGIN:VEVENT").length - 1;
}

Deno.test("students and instructors may neither see, publish nor discard a draft", async () => {
  for (const username of ["lena", "otto"]) {
    const client = await signedIn(username);
    for (
      const res of [
        await client.get("/api/admin/plan-draft/"),
        await client.post("/api/admin/publish-plan/"),
        await client.post("/api/admin/discard-plan/"),
      ]
    ) assertEquals(res.status, 403);
  }
});

Deno.test("a draft is absent from people's lessons and feeds until it is published", async () => {
  await draft();
  const admin = await signedIn("chef");
  assertEquals(await (await admin.get("/api/admin/plan-draft/")).json(), {
    lessons: 3,
    students: 2,
    instructors: 1,
    first_day: "2030-03-05",
    last_day: "2030-03-05",
  });
  assertEquals(await myLessons("lena"), ["confirmed"]);
  assertEquals(await myLessons("otto"), ["confirmed"]);
  assertEquals(await myLessons("max"), []);
  assertEquals(await feedEvents("otto"), 1);

  const res = await admin.post("/api/admin/publish-plan/");
  assertEquals(res.status, 200);
  assertEquals(await res.json(), {
    message: "Plan veröffentlicht: 3 Fahrstunden für 3 Personen.",
    lessons: 3,
    people: 3,
  });
  assertEquals(await myLessons("lena"), ["confirmed", "confirmed"]);
  assertEquals(await myLessons("max"), ["confirmed", "confirmed"]);
  assertEquals(await feedEvents("otto"), 4);
  assertEquals((await (await admin.get("/api/admin/plan-draft/")).json()).lessons, 0);
  const [line] = await t.sql`select summary from audit_log order by id desc limit 1`;
  assertEquals(line.summary, "Plan veröffentlicht: 3 Fahrstunden für 3 Personen");
});

Deno.test("a double lesson of 90 minutes is two Fahrstunden in the draft, as everywhere", async () => {
  // Issue 22: ordinaryDoubleLessons writes a Doppelstunde as one row of 90 minutes; the student's
  // counts (view student_training_counts) take it as two, the draft counted rows.
  await t.sql`delete from appointments`;
  await t.sql`delete from planner_jobs`;
  const pending = { student, instructor, day: "2030-03-05", status: "pending" } as const;
  await insertAppointment(t.sql, { ...pending, start: "09:00", minutes: 90 });
  await insertAppointment(t.sql, { ...pending, start: "11:00" });
  // A special drive of 90 minutes is one drive (its units are counted apart).
  await insertAppointment(t.sql, { ...pending, start: "14:00", minutes: 90, type: "highway" });
  const admin = await signedIn("chef");
  assertEquals((await (await admin.get("/api/admin/plan-draft/")).json()).lessons, 4);
  const res = await admin.post("/api/admin/publish-plan/");
  assertEquals((await res.json()).message, "Plan veröffentlicht: 4 Fahrstunden für 2 Personen.");
  const [view] = await t.sql`
    select sum(planned_lessons)::int as n from student_training_counts where student_id = ${student}
  `;
  assertEquals(view.n, 4);
});

Deno.test("discarding deletes the draft and nothing else", async () => {
  await draft();
  const admin = await signedIn("chef");
  const res = await admin.post("/api/admin/discard-plan/");
  assertEquals(await res.json(), {
    message: "Entwurf verworfen: 3 Fahrstunden gelöscht.",
    lessons: 3,
  });
  const rows = await t.sql`select status from appointments`;
  assertEquals(rows.map((r) => r.status), ["confirmed"]);
  const again = await admin.post("/api/admin/discard-plan/");
  assertEquals(again.status, 409);
  assertEquals((await again.json()).error, "Es gibt keinen Planentwurf, der noch offen wäre.");
});

Deno.test("while a planner run waits or runs the draft can be neither published nor discarded", async () => {
  await draft();
  await t.sql`insert into planner_jobs (status) values ('queued')`;
  const admin = await signedIn("chef");
  for (const path of ["/api/admin/publish-plan/", "/api/admin/discard-plan/"]) {
    const res = await admin.post(path);
    assertEquals(res.status, 409);
    assert((await res.json()).error.startsWith("Es läuft gerade eine Planung."));
  }
  const [pending] = await t
    .sql`select count(*)::int as n from appointments where status = 'pending'`;
  assertEquals(pending.n, 3);
});
