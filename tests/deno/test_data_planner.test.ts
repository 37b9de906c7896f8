/**
 * Issue 25.12 with the real worker process (solver/main.ts) on real Postgres: the admin tour's
 * planning run (scope "test_data") plans only the test-data package's people. A school with real
 * instructors and students (the Mittel example) gets some of its people turned into the package's
 * people (by their e-mail addresses, as the import and the clean-up match them); a real lesson and
 * a real unpublished draft lesson exist beforehand. The run gives lessons only to test-data
 * people, leaves both real lessons as they were, and removing the test data afterwards leaves
 * the real people and their lessons.
 */
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { planWithWorker } from "./plan_with_worker.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { parseInstance } from "../../solver/instance.ts";
import { testDataEmails } from "../../api/imports/test_data.ts";
import { deleteConfirmation } from "../../common/contract/admin_data.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { claimNextJob } from "../../solver/worker/jobs.ts";
import { insertQueuedJob } from "../../api/planner/queries.ts";
import postgres from "postgres";

const t = await createTestApp("test_data_planner");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };

const example = new URL("../../solver/examples/mittel.json", import.meta.url);
const mittel = parseInstance(JSON.parse(await Deno.readTextFile(example)));
const START = mittel.start;
await seedInstance(t.sql, mittel, { reset: true, password: "geheim-passwort-1" });
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

const ids = async (role: string) =>
  (await t.sql<{ id: number }[]>`select id::int from users where role = ${role} order by id`)
    .map((r) => r.id);
const instructors = await ids("instructor");
const students = await ids("student");
const emails = testDataEmails();
// Three instructors and fifteen students become the package's people; the rest stay real.
const testPeople = [
  ...instructors.slice(0, 3).map((id, k) => ({ id, email: emails.instructor[k] })),
  ...students.slice(0, 15).map((id, k) => ({ id, email: emails.student[k] })),
];
for (const p of testPeople) await t.sql`update users set email = ${p.email} where id = ${p.id}`;
const testIds = new Set(testPeople.map((p) => p.id));
const realInstructor = instructors[5];
const realStudent = students[30];

/** A lesson of the real student, `day` days into the horizon at 10:00 Berlin time. */
async function realLesson(day: number, status: string) {
  const wall = `${addDays(START, day)}T10:00`;
  const [{ id }] = await t.sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values (${realStudent}, ${realInstructor},
            (select id from vehicles where transmission = 'manual' order by id limit 1), 'manual',
            ${wall}::timestamp at time zone ${SCHOOL_TIME_ZONE},
            (${wall}::timestamp + interval '1 hour') at time zone ${SCHOOL_TIME_ZONE}, ${status})
    returning id::int
  `;
  return id as number;
}

const lessons = () =>
  t.sql<{ id: number; student_id: number; instructor_id: number; starts_at: Date }[]>`
    select id::int, student_id::int, instructor_id::int, starts_at from appointments order by id
  `;

Deno.test(
  "the tour's test-data run plans only the test data and leaves the real lessons",
  options,
  async () => {
    await t.sql`delete from appointments`;
    const confirmed = await realLesson(2, "confirmed");
    const draft = await realLesson(3, "pending");
    const before = await lessons();

    await planWithWorker(t, admin, START, {
      keepAppointments: true,
      body: { scope: "test_data" },
    });

    const after = await lessons();
    // The real lessons are still there, unchanged.
    for (const id of [confirmed, draft]) {
      assertEquals(after.find((a) => a.id === id), before.find((a) => a.id === id));
    }
    const created = after.filter((a) => a.id !== confirmed && a.id !== draft);
    assert(created.length > 0, "the test data got no lessons");
    const strangers = created.filter((a) =>
      !testIds.has(a.student_id) || !testIds.has(a.instructor_id)
    );
    assertEquals(strangers, [], "a real person got a lesson from the tour's run");
    const [job] = await t.sql`select result from planner_jobs`;
    assertEquals(job.result.appointments_created, created.length);
    assert(job.result.students_total <= 15, "only the test students are counted");

    // Removing the test data leaves the real people and their lessons.
    const res = await admin.delete("/api/admin/bulk-delete/test-data/", {
      confirmation: deleteConfirmation,
    });
    assertEquals(res.status, 200);
    assertEquals((await lessons()).map((a) => a.id), [confirmed, draft]);
    const left = await t.sql`select id::int from users where role in ('instructor', 'student')`;
    assertEquals(left.length, instructors.length + students.length - testPeople.length);
  },
);

Deno.test("a test-data run without test data is refused in German", options, async () => {
  await t.sql`delete from planner_jobs`;
  const none = await createTestApp("test_data_planner_none");
  try {
    await insertUser(none.sql, { username: "chef", role: "admin" });
    const chef = none.client();
    await chef.login("chef");
    const res = await chef.post("/api/admin/run-planner/", { scope: "test_data" });
    assertEquals(res.status, 409);
    assertEquals(
      (await res.json()).error,
      "Es sind keine Testdaten vorhanden. Bitte importieren Sie zuerst das Testdaten-Paket.",
    );
    const bad = await chef.post("/api/admin/run-planner/", { scope: "alle" });
    assertEquals(bad.status, 400);
  } finally {
    await none.close();
  }
});

Deno.test(
  "the worker reads a job's people as numbers on a connection without array types",
  options,
  async () => {
    // Seen in the e2e tour walk: on a fresh connection postgres.js had not loaded the array types
    // yet, read the column as its text "{3,4,…}", and the run failed with an internal error.
    await t.sql`delete from planner_jobs`;
    const people = [...testIds].sort((a, b) => a - b);
    await insertQueuedJob(t.sql, null, "full", people);
    const fresh = postgres(t.url, { fetch_types: false, max: 1, onnotice: () => {} });
    try {
      const job = await claimNextJob(fresh, "probe");
      assertEquals(job?.scope, people);
    } finally {
      await fresh.end();
      await t.sql`delete from planner_jobs`;
    }
  },
);
