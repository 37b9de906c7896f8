/**
 * A person set inactive (issue 23) with the real worker process on real Postgres: their future
 * lessons are listed as affected, "Betroffene neu planen" moves an inactive instructor's lessons to
 * another instructor and cancels an inactive student's, a new planner run plans neither of them,
 * and nothing of the past is touched.
 */
import { parseInstance } from "../../solver/instance.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";

const t = await createTestApp("inactive_replan");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };
const repo = new URL("../../", import.meta.url).pathname;

// The re-planning fixture (tests/deno/replan_worker.test.ts): i01 and i02 teach manual, i03
// automatic only; s001-s003 have lessons with i01.
const instance = parseInstance(
  JSON.parse(
    await Deno.readTextFile(new URL("../fixtures/replan_instance.json", import.meta.url)),
  ),
);
await seedInstance(t.sql, instance, { reset: true, password: "geheim-passwort-1" });
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");
const users = new Map(
  (await t.sql`select username, id::int from users`).map((r) => [r.username, r.id as number]),
);
const id = (username: string) => users.get(username)!;

// A lesson of last year: history, whatever happens to the people.
const [past] = await t.sql`
  insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
  values (${id("s001")}, ${id("i01")}, 'manual',
          '2025-03-03 10:00'::timestamp at time zone ${SCHOOL_TIME_ZONE},
          '2025-03-03 11:00'::timestamp at time zone ${SCHOOL_TIME_ZONE})
  returning id::int, updated_at::text
`;

function startWorker() {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "solver/main.ts"],
    cwd: repo,
    env: { DATABASE_URL: t.url, FAHRPLAN_SOLVER_STEP_DELAY_MS: "0" },
    stdout: "null",
    stderr: "null",
  }).spawn();
}

async function finished(jobId: number, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [job] = await t.sql`select status, error_message from planner_jobs where id = ${jobId}`;
    if (job.status === "completed" || job.status === "failed") return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

Deno.test(
  "inactive people: affected, re-planned away from, not planned, past kept",
  options,
  async () => {
    const future = await t.sql`
    select id::int, student_id::int, instructor_id::int from appointments
     where starts_at > now() and status <> 'cancelled'
       and (instructor_id = ${id("i01")} or student_id = ${id("s003")})
  `;
    assert(future.length >= 3, `the fixture has future lessons of i01: ${future.length}`);
    const off = await admin.post(`/api/admin/users/${id("i01")}/deactivate/`);
    assertEquals(
      (await off.json()).affected,
      future.filter((a) => a.instructor_id === id("i01")).length,
    );
    await admin.post(`/api/admin/users/${id("s003")}/deactivate/`);
    const affected = await (await admin.get("/api/admin/affected-appointments/")).json();
    assertEquals(affected.count, future.length);

    const worker = startWorker();
    try {
      const start = await admin.post("/api/admin/replan-affected/");
      assertEquals(start.status, 202);
      const jobId = (await start.json()).job_id;
      const job = await finished(jobId, 60_000);
      assertEquals([job.status, job.error_message], ["completed", null]);
      // The office accepts the proposal as it is (issue 25.3).
      const accept = await admin.post(`/api/admin/replan-affected/${jobId}/accept/`, {});
      assertEquals(accept.status, 200, await accept.clone().text());

      const standing = await t.sql`
      select count(*)::int as n from appointments
       where starts_at > now() and status <> 'cancelled'
         and (instructor_id = ${id("i01")} or student_id = ${id("s003")})
    `;
      assertEquals(standing[0].n, 0, "no standing future lesson of an inactive person");
      const [s3] = await t.sql`
      select status, cancel_reason from appointments
       where student_id = ${id("s003")} and starts_at > now()
    `;
      assertEquals(s3.status, "cancelled");
      assertEquals(s3.cancel_reason, "Der Fahrschüler ist nicht aktiv und wird nicht neu geplant.");
      assertEquals((await (await admin.get("/api/admin/affected-appointments/")).json()).count, 0);

      // A full run plans neither of them.
      const run = await admin.post("/api/admin/run-planner/");
      assertEquals(run.status, 202);
      const full = await finished((await run.json()).job_id, 120_000);
      assertEquals(full.status, "completed");
      const [planned] = await t.sql`
      select count(*)::int as n from appointments
       where starts_at > now() and status <> 'cancelled'
         and (instructor_id = ${id("i01")} or student_id = ${id("s003")})
    `;
      assertEquals(planned.n, 0);
    } finally {
      worker.kill("SIGTERM");
      await worker.status;
    }
    const [kept] = await t.sql`select updated_at::text from appointments where id = ${past.id}`;
    assertEquals(kept.updated_at, past.updated_at, "the past lesson is untouched");
  },
);
