/**
 * Issue 13: the planner's steps reach the card as they happen. The real worker process plans the
 * mittel example against Postgres while the test follows the API's event stream, as the card does.
 */
import { parseInstance } from "../../solver/instance.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { ProgressEventReader } from "../../api/testing/sse_reader.ts";
import { plannerEventHub } from "../../api/planner/events.ts";
import type { PlannerProgress } from "../../common/contract/planner_progress.ts";
import { PROGRESS_WRITE_MS } from "../../solver/worker/run_job.ts";
import { usesPglite } from "../../db/test_database.ts";

const t = await createTestApp("planner_progress");
const example = new URL("../../solver/examples/mittel.json", import.meta.url);
await seedInstance(t.sql, parseInstance(JSON.parse(await Deno.readTextFile(example))), {
  reset: true,
  password: "geheim-passwort-1",
});
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(async () => {
  await plannerEventHub(t.sql).close();
  await t.close();
});

const options = { sanitizeOps: false, sanitizeResources: false };
const repo = new URL("../../", import.meta.url).pathname;

/** Runs one plan with a worker process; returns every state the stream pushed, in order. */
async function followOneRun(stepDelayMs: number) {
  await t.sql`delete from appointments`;
  await t.sql`delete from planner_jobs`;
  // Every write of the job row, counted by the database's own notification.
  let writes = 0;
  const counting = await t.sql.listen("planner_job_events", () => writes++);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "solver/main.ts"],
    cwd: repo,
    env: { DATABASE_URL: t.url, FAHRPLAN_SOLVER_STEP_DELAY_MS: String(stepDelayMs) },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    const events = new ProgressEventReader((await admin.get("/api/admin/planner-events/")).body!);
    await events.next();
    const started = performance.now();
    assertEquals((await admin.post("/api/admin/run-planner/")).status, 202);
    const seen: PlannerProgress[] = [];
    for (;;) {
      const { progress } = await events.next((p) => p.status !== "idle");
      seen.push(progress);
      if (progress.status !== "running") break;
    }
    const elapsed = performance.now() - started;
    await events.cancel();
    return { seen, writes, elapsed };
  } finally {
    await counting.unlisten();
    child.kill("SIGTERM");
    await child.status;
  }
}

Deno.test(
  "the card's stream shows the planner's stages in order, then the result",
  options,
  async () => {
    // Each step held 250 ms, so every stage is written at least once (the throttle allows 200 ms).
    const { seen } = await followOneRun(250);
    const last = seen.at(-1)!;
    assertEquals(last.status, "completed");
    assert(last.appointments_created > 600, `${last.appointments_created} Termine`);
    const running = seen.filter((p) => p.status === "running");
    const steps = [...new Set(running.map((p) => p.current_step))];
    const stages = [
      "Daten laden",
      "Modell aufbauen",
      "Fairness ausgleichen",
      "Fahrstunden verteilen",
      "Feinschliff",
      // Embedded PGlite has one session: the API's read of "Speichern" waits behind the worker's
      // write transaction and finds the result instead. On Postgres the stage is seen.
      ...(await usesPglite() ? [] : ["Speichern"]),
    ];
    assertEquals(stages.filter((s) => steps.includes(s)), stages, `gesehen: ${steps.join(" | ")}`);
    assertEquals(
      stages.map((s) => steps.indexOf(s)),
      stages.map((s) => steps.indexOf(s)).sort((a, b) => a - b),
    );
    const percents = running.map((p) => p.progress_percent);
    assertEquals(percents, [...percents].sort((a, b) => a - b), "der Balken geht nie zurück");
    assert(new Set(percents).size >= 8, `nur ${new Set(percents).size} Prozentwerte`);
  },
);

Deno.test("the worker writes progress at most every 200 ms", options, async () => {
  const { seen, writes, elapsed } = await followOneRun(0);
  assertEquals(seen.at(-1)!.status, "completed");
  // Queue insert, claim, the result, a dismissal: a few writes besides the throttled progress.
  const allowed = Math.ceil(elapsed / PROGRESS_WRITE_MS) + 4;
  assert(writes <= allowed, `${writes} Schreibvorgänge in ${elapsed.toFixed(0)} ms`);
});
