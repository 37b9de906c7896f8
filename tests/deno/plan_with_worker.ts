import { assert, assertEquals } from "../../api/testing/assert.ts";
import type { createTestApp } from "../../api/testing/test_app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Client = ReturnType<TestApp["client"]>;

const repo = new URL("../../", import.meta.url).pathname;

/**
 * One planning run as the office starts it, on a test app's database: the real worker process
 * (solver/main.ts) beside it, the job started through the API, waited for until it completed.
 * Appointments and earlier jobs are cleared first, so each run plans from an empty calendar.
 * `start` is the planner's first day (FAHRPLAN_PLANNER_START), so the test does not depend on
 * today's date. `keepAppointments` plans on top of the appointments there are; `body` is the
 * start's JSON body (a scope).
 */
export async function planWithWorker(
  t: TestApp,
  admin: Client,
  start: string,
  options: { keepAppointments?: boolean; body?: unknown } = {},
) {
  if (!options.keepAppointments) await t.sql`delete from appointments`;
  await t.sql`delete from planner_jobs`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "solver/main.ts"],
    cwd: repo,
    env: { DATABASE_URL: t.url, FAHRPLAN_PLANNER_START: start },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  try {
    const res = await admin.post("/api/admin/run-planner/", options.body);
    assertEquals(res.status, 202);
    // Real-world time: a safety net for a worker that hangs; the loop ends when the job does.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [job] = await t.sql`select status, error_message from planner_jobs`;
      if (job.status === "completed") break;
      assert(job.status !== "failed", `planner failed: ${job.error_message}`);
      assert(Date.now() < deadline, "planner did not finish");
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}
