import { assertEquals } from "../api/testing/assert.ts";
import { connect } from "./connection.ts";
import { startEmbeddedDatabase } from "./embedded_db.ts";

/** Waits until `check` holds (notifications arrive asynchronously), at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 5000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

Deno.test("the embedded database forwards NOTIFY to the clients that LISTEN", async () => {
  const db = await startEmbeddedDatabase();
  // Three pools as three processes would have: API, solver, and one that only notifies.
  const api = connect(db.url, { max: 2 });
  const solver = connect(db.url, { max: 2 });
  const writer = connect(db.url, { max: 2 });
  try {
    const apiGot: string[] = [];
    const solverGot: string[] = [];
    const events = await api.listen("planner_job_events", (x) => apiGot.push(x));
    await solver.listen("planner_job_events", (x) => solverGot.push(x));
    await solver.listen("planner_jobs", (x) => solverGot.push(`wake ${x}`));

    await writer`select pg_notify('planner_job_events', '1')`;
    await writer.begin(async (tx) => {
      await tx`select pg_notify('planner_job_events', '2')`;
      await tx`select pg_notify('planner_jobs', '3')`;
    });
    await until(() => apiGot.length === 2 && solverGot.length === 3);
    assertEquals(apiGot, ["1", "2"]);
    assertEquals(solverGot.sort(), ["1", "2", "wake 3"]);

    // The API's UNLISTEN must not end the solver's LISTEN on the one shared session.
    await events.unlisten();
    await writer`select pg_notify('planner_job_events', '4')`;
    await until(() => solverGot.length === 4);
    assertEquals(solverGot.includes("4"), true);
    assertEquals(apiGot, ["1", "2"]);
    // Listening again on the same pool: postgres.js reuses its prepared LISTEN (Bind, no Parse).
    const again = await api.listen("planner_job_events", (x) => apiGot.push(x));
    await writer`select pg_notify('planner_job_events', '5')`;
    await until(() => apiGot.length === 3);
    assertEquals(apiGot, ["1", "2", "5"]);
    await again.unlisten();
    // The writer, listening on nothing, got no stray notification in its answers and still works.
    assertEquals((await writer`select 1 as one`)[0].one, 1);
  } finally {
    await Promise.all([api.end(), solver.end(), writer.end()]);
    await db.stop();
  }
});
