import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { connect } from "../../db/connection.ts";
import { plannerProgressSchema } from "../../common/contract/planner_progress.ts";
import { plannerEventHub } from "./events.ts";
import { ProgressEventReader } from "../testing/sse_reader.ts";

const t = await createTestApp("planner_events");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lehrer", role: "instructor" });
// The worker is another process with its own pool; its commits must reach the API's streams.
const worker = connect(t.url, { max: 2 });

Deno.test.afterAll?.(async () => {
  await plannerEventHub(t.sql).close();
  await worker.end({ timeout: 5 });
  await t.close();
});

async function admin() {
  const client = t.client();
  await client.login("chef");
  return client;
}

Deno.test("only admins may open the planner stream", async () => {
  const anonymous = await t.client().get("/api/admin/planner-events/");
  assertEquals(anonymous.status, 401);
  await anonymous.body?.cancel();
  const instructor = t.client();
  await instructor.login("lehrer");
  const res = await instructor.get("/api/admin/planner-events/");
  assertEquals(res.status, 403);
  const body = await res.json();
  assert(!/at |Error/.test(body.error ?? body.detail ?? ""), "no stack trace in the answer");
});

Deno.test("a worker's committed job update reaches an open stream", async () => {
  const client = await admin();
  const res = await client.get("/api/admin/planner-events/");
  assertEquals(res.status, 200);
  assert(res.headers.get("content-type")?.startsWith("text/event-stream"));
  const events = new ProgressEventReader(res.body!);
  const first = await events.next();
  assertContract(plannerProgressSchema, first.progress);
  assertEquals(first.progress.status, "idle");

  // Queued by the API, then run by "the worker" on its own connection, as solver/main.ts does.
  const started = await client.post("/api/admin/run-planner/");
  const { job_id: jobId } = await started.json();
  assertEquals((await events.next((p) => p.job_id === jobId)).progress.status, "running");

  const hub = plannerEventHub(t.sql);
  const notifiedBefore = hub.notifications;
  const delays: number[] = [];
  for (const percent of [10, 35, 60]) {
    await worker`
      update planner_jobs set status = 'running', worker_id = 'w', heartbeat_at = now(),
             progress_percent = ${percent}, current_step = ${`Schritt ${percent}`}
       where id = ${jobId}`;
    const committed = performance.now();
    const got = await events.next((p) => p.progress_percent === percent);
    assertEquals(got.progress.current_step, `Schritt ${percent}`);
    delays.push(got.at - committed);
  }
  await worker.begin(async (tx) => {
    await tx`
      update planner_jobs set status = 'completed', finished_at = now(), progress_percent = 100,
             current_step = 'Fertig', result = ${tx.json({ appointments_created: 42 })}
       where id = ${jobId}`;
  });
  const committed = performance.now();
  const done = await events.next((p) => p.status === "completed");
  delays.push(done.at - committed);
  assertEquals(done.progress.appointments_created, 42);
  // Pushed by the database (trigger + LISTEN), not found by the hub's 2 s re-read of a running job.
  assert(hub.notifications - notifiedBefore >= 4, "die Änderungen kamen nicht per NOTIFY");
  // The figure for the report, not a limit: a loaded CI machine must not fail on speed.
  console.log(`Commit bis Ereignis: ${delays.map((d) => d.toFixed(1)).join(", ")} ms`);
  await events.cancel();
  await worker`update planner_jobs set dismissed = true where id = ${jobId}`;
});

Deno.test("50 streams opened and closed leave no listener and no connection behind", async () => {
  const client = await admin();
  const hub = plannerEventHub(t.sql);
  const connections = async () =>
    Number(
      (await worker`select count(*)::int as n from pg_stat_activity
                     where datname = current_database()`)[0].n,
    );
  for (let i = 0; i < 50; i++) {
    const res = await client.get("/api/admin/planner-events/");
    const events = new ProgressEventReader(res.body!);
    await events.next();
    await events.cancel();
  }
  // 50 at once, too, closed together.
  const open = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const events = new ProgressEventReader(
        (await client.get("/api/admin/planner-events/")).body!,
      );
      await events.next();
      return events;
    }),
  );
  assertEquals(hub.size, 50);
  const whileOpen = await connections();
  await Promise.all(open.map((e) => e.cancel()));
  assertEquals(hub.size, 0);
  // The pool (10) + the one LISTEN connection + the worker's (2); not one per stream.
  assert(whileOpen <= 13, `${whileOpen} Verbindungen bei 50 offenen Streams`);
  assertEquals(await hub.mode(), "listen");
  // And the pool still answers at once.
  const res = await client.get("/api/admin/planner-progress/");
  assertEquals(res.status, 200);
  await res.body?.cancel();
});

// Last in this file: it closes the pool's hub, as the API's graceful stop does.
Deno.test("the API's stop ends open streams instead of waiting for them", async () => {
  const client = await admin();
  const streams = await Promise.all(
    [1, 2, 3].map(async () => {
      const res = await client.get("/api/admin/planner-events/");
      const events = new ProgressEventReader(res.body!);
      await events.next();
      return events;
    }),
  );
  await plannerEventHub(t.sql).close();
  for (const events of streams) {
    const ended = await events.next().then(() => false, () => true);
    assert(ended, "der Stream blieb offen");
  }
  // A stream asked for while the API stops ends at once, with no stack trace.
  const late = await client.get("/api/admin/planner-events/");
  const text = await late.text();
  assert(!text.includes("event: progress") && !/Error|at /.test(text), text);
});
