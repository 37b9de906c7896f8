/**
 * Planner push bench (issue 13): how long after a worker's commit the planner card's stream has
 * the new state, beside the spec's 2 s poll as reference. The API runs behind Deno.serve on a
 * real port; the "worker" is a second pool that commits progress updates of a running job; the
 * stream is read with fetch as the browser's EventSource would; the poller asks
 * GET /api/admin/planner-progress/ every 2 s. Prints markdown.
 *
 * deno run -A tests/bench/planner_events_bench.ts [--pglite]
 */
import { createApp } from "../../api/app.ts";
import { readConfig } from "../../api/config.ts";
import { connect } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";
import { insertUser, TestClient } from "../../api/testing/test_app.ts";
import { ProgressEventReader } from "../../api/testing/sse_reader.ts";
import { plannerEventHub } from "../../api/planner/events.ts";
import { closeHashPool } from "../../api/auth/hash_pool.ts";

const server = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
const database = "fahrplan_bench_planner_events";
const onPglite = Deno.args.includes("--pglite");
const streamUpdates = 200;
const pollUpdates = 12;

async function openDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (onPglite) {
    const { startEmbeddedDatabase } = await import("../../db/embedded_db.ts");
    const db = await startEmbeddedDatabase();
    return { url: db.url, stop: () => db.stop() };
  }
  const root = connect(`${server}/postgres`, { max: 1 });
  await root.unsafe(`drop database if exists ${database} with (force)`);
  await root.unsafe(`create database ${database}`);
  await root.end();
  return { url: `${server}/${database}`, stop: async () => {} };
}

const db = await openDatabase();
const sql = connect(db.url);
await migrate(sql);
await insertUser(sql, { username: "bench.admin", role: "admin" });
const app = createApp({ sql, config: readConfig({ DATABASE_URL: db.url }) });
const httpServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
const base = `http://127.0.0.1:${httpServer.addr.port}`;
const client = new TestClient(app);
await client.login("bench.admin");
const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const worker = connect(db.url, { max: 1 });
const [job] = await worker`
  insert into planner_jobs (status, worker_id, heartbeat_at, started_at)
  values ('running', 'bench', now(), now()) returning id::int`;

/** One committed progress update, as the worker's heartbeat writes it; resolves at commit. */
async function commitProgress(step: number): Promise<number> {
  await worker`
    update planner_jobs set progress_percent = ${step % 100}, current_step = ${`Schritt ${step}`},
           heartbeat_at = now()
     where id = ${job.id}`;
  return performance.now();
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

// The stream, over HTTP.
const res = await fetch(`${base}/api/admin/planner-events/`, { headers: { Cookie: cookie } });
const events = new ProgressEventReader(res.body!);
await events.next();
const streamDelays: number[] = [];
for (let i = 1; i <= streamUpdates; i++) {
  const committed = await commitProgress(i);
  const { at } = await events.next((p) => p.current_step === `Schritt ${i}`);
  streamDelays.push(at - committed);
  await new Promise((r) => setTimeout(r, 20));
}
await events.cancel();

// The reference: the card's 2 s poll, updates committed at moments the poll does not know.
const pollDelays: number[] = [];
let latest = "";
let latestAt = 0;
const poller = setInterval(async () => {
  const answer = await fetch(`${base}/api/admin/planner-progress/`, {
    headers: { Cookie: cookie },
  });
  const body = await answer.json();
  if (body.current_step !== latest) {
    latest = body.current_step;
    latestAt = performance.now();
  }
}, 2000);
for (let i = 1; i <= pollUpdates; i++) {
  await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
  const step = streamUpdates + i;
  const committed = await commitProgress(step);
  while (latest !== `Schritt ${step}`) await new Promise((r) => setTimeout(r, 5));
  pollDelays.push(latestAt - committed);
}
clearInterval(poller);

const s = stats(streamDelays);
const p = stats(pollDelays);
const ms = (x: number) => x.toFixed(1).replace(".", ",");
console.log(
  `Planungsfortschritt: Commit bis Client, ${onPglite ? "PGlite (eingebettet)" : "Postgres"}\n`,
);
console.log("| Weg | Messungen | p50 | p95 | max |");
console.log("|---|---:|---:|---:|---:|");
console.log(
  `| Stream (LISTEN/NOTIFY → SSE) | ${streamUpdates} | ${ms(s.p50)} ms | ${ms(s.p95)} ms | ${
    ms(s.max)
  } ms |`,
);
console.log(
  `| Abfrage alle 2 s (Referenz) | ${pollUpdates} | ${ms(p.p50)} ms | ${ms(p.p95)} ms | ${
    ms(p.max)
  } ms |`,
);

await plannerEventHub(sql).close();
await httpServer.shutdown();
await worker.end();
await sql.end();
await db.stop();
// The sign-in started the password-hashing workers; they keep a process alive until closed.
closeHashPool();
