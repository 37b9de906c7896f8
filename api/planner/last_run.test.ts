/**
 * The last run's result after a reload (issue 25): the card shows a finished run once and resets
 * it on the server, so the reasons why not more was planned must be read again from the job row,
 * as long as that run is the latest.
 */
import { assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { lastRunSchema } from "../../common/contract/planner_progress.ts";

const t = await createTestApp("planner_last_run");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "schueler", role: "student" });
Deno.test.afterAll?.(() => t.close());

const unplanned = [{
  student: "7",
  student_name: "Lena Becker",
  transmission: "manual",
  missing: 3,
  reason: "Die Verfügbarkeiten von Fahrschüler und Fahrlehrern überschneiden sich nicht.",
}];

async function lastRun() {
  const client = t.client();
  await client.login("chef");
  const res = await client.get("/api/admin/last-planner-run/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(lastRunSchema, body);
  return body.run;
}

async function insertJob(
  kind: string,
  status: string,
  result: { appointments_created?: number; unplanned?: typeof unplanned } = {},
) {
  await t.sql`
    insert into planner_jobs (kind, status, progress_percent, current_step, result, finished_at,
                              dismissed)
    values (${kind}, ${status}, 100, 'Fertig', ${t.sql.json(result)}, now(), true)
  `;
}

Deno.test("the latest full run's result and reasons stay readable after it was shown", async () => {
  assertEquals(await lastRun(), null);
  await insertJob("full", "completed", { appointments_created: 440, unplanned });
  const run = await lastRun();
  assertEquals(run.appointments_created, 440);
  assertEquals(run.unplanned, unplanned);
  assertEquals(run.status, "completed");
});

Deno.test("a newer run, even a failed one or a re-plan, ends the old result", async () => {
  await insertJob("replan_affected", "completed");
  assertEquals(await lastRun(), null);
  await insertJob("full", "completed", { appointments_created: 12, unplanned: [] });
  assertEquals((await lastRun()).appointments_created, 12);
  await insertJob("full", "failed");
  assertEquals(await lastRun(), null);
});

Deno.test("only the office reads it", async () => {
  const client = t.client();
  await client.login("schueler");
  assertEquals((await client.get("/api/admin/last-planner-run/")).status, 403);
});
