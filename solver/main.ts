import { connect } from "../db/connection.ts";
import { claimNextJob, releaseJob } from "./worker/jobs.ts";
import { JobRun } from "./worker/run_job.ts";

/**
 * deno task solver: the planner worker. Several may run at once. Waits for planner jobs
 * (LISTEN planner_jobs to wake up, a poll every 2 s as fallback, which also finds jobs of dead
 * workers), runs them one at a time. SIGTERM: a running job may finish within the grace
 * (FAHRPLAN_SOLVER_SHUTDOWN_GRACE_MS, default 5 s: match the orchestrator's stop timeout), otherwise
 * it goes back to the queue; then the process exits 0.
 */
const url = Deno.env.get("DATABASE_URL");
if (!url) {
  console.error("DATABASE_URL ist nicht gesetzt.");
  Deno.exit(2);
}
const POLL_MS = 2000;
const graceSetting = Deno.env.get("FAHRPLAN_SOLVER_SHUTDOWN_GRACE_MS") ?? "";
const SHUTDOWN_GRACE_MS = /^\d+$/.test(graceSetting) ? Number(graceSetting) : 5000;
const stepDelayMs = Number(Deno.env.get("FAHRPLAN_SOLVER_STEP_DELAY_MS") ?? 0);
// Plans from this day instead of tomorrow (tests of dated rules such as public holidays).
const start = /^\d{4}-\d{2}-\d{2}$/.test(Deno.env.get("FAHRPLAN_PLANNER_START") ?? "")
  ? Deno.env.get("FAHRPLAN_PLANNER_START")
  : undefined;
const workerId = `${Deno.hostname()}:${Deno.pid}:${crypto.randomUUID().slice(0, 8)}`;
const log = (line: string) => console.log(`[solver ${Deno.pid}] ${line}`);

const sql = connect(url, { max: 3 });
let stopping = false;
let current: JobRun | undefined;
let shutdown: Promise<void> | undefined;
let wake = () => {};

function sleepOrWake(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

async function stop(): Promise<void> {
  stopping = true;
  wake();
  const run = current;
  if (!run) return;
  const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), SHUTDOWN_GRACE_MS));
  if (await Promise.race([run.done, timeout]) === "timeout") {
    log(
      `Planung dauert länger als ${
        SHUTDOWN_GRACE_MS / 1000
      } s, sie wird an die Warteschlange zurückgegeben`,
    );
    await run.release();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    shutdown ??= stop();
  });
}

try {
  await sql.listen("planner_jobs", () => wake());
} catch (err) {
  log(`LISTEN nicht möglich (${(err as Error).message}); es wird alle 2 s nachgesehen`);
}
log("Solver wartet auf Planungsaufträge");

while (!stopping) {
  let job;
  try {
    job = await claimNextJob(sql, workerId);
  } catch (err) {
    log(`Datenbank nicht erreichbar: ${(err as Error).message}`);
  }
  if (job && stopping) {
    // SIGTERM arrived while claiming: hand the job straight back.
    await releaseJob(sql, job.id, workerId);
    break;
  }
  if (job) {
    log(`Auftrag ${job.id} übernommen (Versuch ${job.attempts})`);
    current = new JobRun(sql, job, workerId, { stepDelayMs, log, start });
    log(`Auftrag ${job.id}: ${await current.done}`);
    current = undefined;
    continue;
  }
  await sleepOrWake(POLL_MS);
}
await shutdown;
await sql.end({ timeout: 5 });
log("Solver beendet");
Deno.exit(0);
