/**
 * Fault tests with the real worker process (solver/main.ts) against a real Postgres database
 * seeded from the mittel instance: SIGKILL mid-run, SIGTERM, cancel, simultaneous starts, and a
 * job whose workers keep dying. FAHRPLAN_SOLVER_STEP_DELAY_MS stretches a run so it can be hit
 * in the middle.
 */
import { parseInstance } from "../../solver/instance.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";

const t = await createTestApp("planner_worker");
// The example instance the project ships (solver/examples/).
const example = new URL("../../solver/examples/mittel.json", import.meta.url);
const mittel = parseInstance(JSON.parse(await Deno.readTextFile(example)));
await seedInstance(t.sql, mittel, { reset: true, password: "geheim-passwort-1" });
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

const options = { sanitizeOps: false, sanitizeResources: false };
const repo = new URL("../../", import.meta.url).pathname;

/** A worker process with its collected output. */
class WorkerProcess {
  output = "";
  readonly child: Deno.ChildProcess;
  readonly exited: Promise<Deno.CommandStatus>;

  /** `graceMs`: how long a running job may go on after SIGTERM (the worker's default is 5 s). */
  constructor(stepDelayMs: number, graceMs?: number) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "solver/main.ts"],
      cwd: repo,
      env: {
        DATABASE_URL: t.url,
        FAHRPLAN_SOLVER_STEP_DELAY_MS: String(stepDelayMs),
        ...(graceMs === undefined ? {} : { FAHRPLAN_SOLVER_SHUTDOWN_GRACE_MS: String(graceMs) }),
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const collect = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) this.output += decoder.decode(chunk, { stream: true });
    };
    const streams = Promise.all([collect(this.child.stdout), collect(this.child.stderr)]);
    this.exited = streams.then(() => this.child.status);
  }

  async ready() {
    await until(() => this.output.includes("wartet auf Planungsaufträge"), 20_000, "start");
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function job() {
  const [row] = await t.sql`
    select id::int, status, attempts, worker_id, progress_percent, error_message, result,
           activity_log from planner_jobs order by id desc limit 1
  `;
  return row;
}

async function clean() {
  await t.sql`delete from appointments`;
  await t.sql`delete from planner_jobs`;
}

async function startJob() {
  const res = await admin.post("/api/admin/run-planner/");
  assertEquals(res.status, 202);
  return (await res.json()).job_id as number;
}

async function noDoubleBookings() {
  const [row] = await t.sql`
    select
      (select count(*)::int from (select 1 from appointments
         group by instructor_id, starts_at having count(*) > 1) x) as instructor,
      (select count(*)::int from (select 1 from appointments
         group by student_id, starts_at having count(*) > 1) x) as student,
      (select count(*)::int from (select 1 from appointments where vehicle_id is not null
         group by vehicle_id, starts_at having count(*) > 1) x) as vehicle
  `;
  assertEquals(row, { instructor: 0, student: 0, vehicle: 0 });
}

Deno.test("a normal run writes the whole plan once, with statistics", options, async () => {
  await clean();
  const worker = new WorkerProcess(0);
  await worker.ready();
  const id = await startJob();
  await until(async () => (await job()).status === "completed", 20_000, "completion");
  const done = await job();
  const [count] = await t.sql`
    select count(*)::int as n, count(vehicle_id)::int as with_vehicle,
           count(*) filter (where planner_job_id = ${id} and status = 'pending')::int as ours
      from appointments
  `;
  assert(count.n > 600, `only ${count.n} appointments`);
  assertEquals(count.n, done.result.appointments_created);
  assertEquals(count.ours, count.n);
  assertEquals(count.with_vehicle, count.n);
  assertEquals(done.result.students_total, 50);
  assertEquals(done.result.students_active, 50);
  assertEquals(done.result.instructors_total, 10);
  assert(done.result.upper_bound >= count.n);
  // Continuity (issue 13): the average and, per student with a new lesson, the regular instructor
  // by name, as the planner card shows them.
  assert(done.result.instructors_per_month >= 1);
  // Fairness to instructors (issue 20): the lowest and highest share, as the planner card shows them.
  assert(done.result.min_instructor_share_percent > 0);
  assert(done.result.max_instructor_share_percent >= done.result.min_instructor_share_percent);
  const regular = done.result.regular_instructors as {
    student_name: string;
    instructor_name: string;
    share_percent: number;
  }[];
  const [withLessons] = await t.sql`
    select count(distinct student_id)::int as n from appointments where status <> 'cancelled'`;
  assertEquals(regular.length, withLessons.n);
  for (const r of regular) {
    assert(!/^[SI]\d+$/.test(r.student_name) && !/^[SI]\d+$/.test(r.instructor_name));
    assert(r.share_percent > 0 && r.share_percent <= 100);
  }
  await noDoubleBookings();
  // "Letzte Aktivitäten": the admin's start, then the worker's result as the system.
  const lines = await t.sql`
    select actor_name, action, summary, details from audit_log
     where details->>'job_id' = ${String(id)} order by id
  `;
  assertEquals(lines.map((l) => [l.actor_name, l.action, l.summary]), [
    ["chef", "planner.start", "Planung gestartet"],
    ["System", "planner.completed", `Planung abgeschlossen: ${count.n} Fahrstunden geplant`],
  ]);
  worker.child.kill("SIGTERM");
  assertEquals((await worker.exited).code, 0);
});

Deno.test(
  "SIGKILL mid-run: a second worker takes the job over, nothing twice",
  options,
  async () => {
    await clean();
    const first = new WorkerProcess(1500);
    await first.ready();
    await startJob();
    await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
    first.child.kill("SIGKILL");
    await first.exited;
    const killedAt = Date.now();
    const [partial] = await t.sql`select count(*)::int as n from appointments`;
    assertEquals(partial.n, 0);

    const second = new WorkerProcess(0);
    await until(
      async () => ["completed", "failed"].includes((await job()).status),
      45_000,
      "takeover",
    );
    assert(Date.now() - killedAt < 45_000);
    const done = await job();
    assertEquals(done.status, "completed");
    assertEquals(done.attempts, 2);
    assert(done.activity_log.some((l: string) => l.includes("übernommen")), "takeover logged");
    const [count] = await t.sql`select count(*)::int as n from appointments`;
    assertEquals(count.n, done.result.appointments_created);
    await noDoubleBookings();
    second.child.kill("SIGTERM");
    assertEquals((await second.exited).code, 0);
  },
);

Deno.test(
  "a killed worker's job is taken over within 10 s by a running worker, and the log says so",
  options,
  async () => {
    await clean();
    const workers = [new WorkerProcess(1500), new WorkerProcess(1500)];
    await Promise.all(workers.map((w) => w.ready()));
    await startJob();
    await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
    const { worker_id } = await job();
    // The worker id is host:pid:random; kill the one that runs the job.
    const killed = workers.find((w) => worker_id.includes(`:${w.child.pid}:`))!;
    assert(killed, `owner of ${worker_id}`);
    const other = workers.find((w) => w !== killed)!;
    killed.child.kill("SIGKILL");
    await killed.exited;
    const killedAt = Date.now();
    await until(async () => (await job()).worker_id !== worker_id, 10_000, "takeover in 10 s");
    assert(Date.now() - killedAt < 10_000);
    const taken = await job();
    assertEquals([taken.status, taken.attempts], ["running", 2]);
    const progress = await (await admin.get("/api/admin/planner-progress/")).json();
    assert(
      progress.activity_log.some((l: string) =>
        l.endsWith(
          "Planungsdienst ausgefallen, ein anderer hat die Planung übernommen und " +
            "beginnt sie neu",
        )
      ),
      progress.activity_log.join("\n"),
    );
    await admin.post("/api/admin/cancel-planner/");
    other.child.kill("SIGTERM");
    assertEquals((await other.exited).code, 0);
  },
);

Deno.test(
  "a killed worker without a successor: within 10 s the progress says the service is not answering",
  options,
  async () => {
    await clean();
    const worker = new WorkerProcess(1500);
    await worker.ready();
    await startJob();
    await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
    worker.child.kill("SIGKILL");
    await worker.exited;
    const stalled = "Der Planungsdienst antwortet nicht mehr. Die Planung wird übernommen, " +
      "sobald wieder ein Planungsdienst läuft.";
    const step = async () =>
      (await (await admin.get("/api/admin/planner-progress/")).json()).current_step;
    await until(async () => (await step()) === stalled, 10_000, "stalled progress in 10 s");
    const progress = await (await admin.get("/api/admin/planner-progress/")).json();
    assertEquals(progress.status, "running");
    await admin.post("/api/admin/cancel-planner/");
  },
);

Deno.test("SIGTERM releases a long run to the queue and exits 0", options, async () => {
  await clean();
  const worker = new WorkerProcess(2000);
  await worker.ready();
  await startJob();
  await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
  const sent = Date.now();
  worker.child.kill("SIGTERM");
  assertEquals((await worker.exited).code, 0);
  assert(Date.now() - sent < 8000, `exit took ${Date.now() - sent} ms`);
  const released = await job();
  assertEquals(released.status, "queued");
  assertEquals(released.worker_id, null);
  const [count] = await t.sql`select count(*)::int as n from appointments`;
  assertEquals(count.n, 0);

  const next = new WorkerProcess(0);
  await until(async () => (await job()).status === "completed", 20_000, "completion");
  next.child.kill("SIGTERM");
  await next.exited;
});

Deno.test("SIGTERM lets a short run finish", options, async () => {
  await clean();
  // The run may take as long as it needs after SIGTERM (a grace no machine load reaches): the
  // test is about finishing instead of releasing, not about how fast the planner is.
  const worker = new WorkerProcess(100, 600_000);
  await worker.ready();
  await startJob();
  // The worker's own line, not the job's row: the row says "running" as soon as the claim is
  // committed, and a SIGTERM before the worker has the claim in hand gives the job straight back
  // (solver/main.ts), which is right but not this test (it failed so in CI under load).
  await until(() => /Auftrag \d+ übernommen/.test(worker.output), 10_000, "running");
  worker.child.kill("SIGTERM");
  assertEquals((await worker.exited).code, 0);
  const done = await job();
  assertEquals(done.status, "completed");
  const [count] = await t.sql`select count(*)::int as n from appointments`;
  assertEquals(count.n, done.result.appointments_created);
});

Deno.test("cancel stops the run within 2 s and writes nothing", options, async () => {
  await clean();
  const worker = new WorkerProcess(500);
  await worker.ready();
  const cancelled = await startJob();
  await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
  assertEquals((await admin.post("/api/admin/cancel-planner/")).status, 200);
  const cancelledAt = Date.now();
  await until(() => worker.output.includes("Planung gestoppt"), 2000, "worker stop");
  assert(Date.now() - cancelledAt <= 2000);
  // A run started after the cancel, on the same worker at the same pace, has finished: the
  // cancelled run was ahead of it, so had it kept going it would have written by now.
  const next = await startJob();
  await until(async () => (await job()).status === "completed", 60_000, "the next run");
  const [count] = await t.sql`
    select count(*) filter (where planner_job_id = ${cancelled})::int as cancelled,
           count(*) filter (where planner_job_id = ${next})::int as next
      from appointments
  `;
  assertEquals(count.cancelled, 0);
  assert(count.next > 0, "the next run wrote its plan");
  const [first] = await t.sql`select status from planner_jobs where id = ${cancelled}`;
  assertEquals(first.status, "cancelled");
  worker.child.kill("SIGTERM");
  assertEquals((await worker.exited).code, 0);
});

Deno.test(
  "a student deleted while the planner runs is skipped, the others' lessons are written",
  options,
  async () => {
    await clean();
    const worker = new WorkerProcess(300);
    await worker.ready();
    const id = await startJob();
    // The instance is built once the planner reports progress; the student is still in it.
    await until(async () => (await job()).progress_percent > 0, 15_000, "progress");
    const [gone] = await t.sql`
      select id::int from users where role = 'student' order by id limit 1
    `;
    const deleted = await admin.delete(`/api/admin/users/${gone.id}/delete/`);
    assertEquals(deleted.status, 200, await deleted.clone().text());
    await until(async () => (await job()).status !== "running", 60_000, "the end of the run");
    const done = await job();
    assertEquals(done.status, "completed", done.error_message);
    const [count] = await t.sql`
      select count(*)::int as n, count(*) filter (where student_id = ${gone.id})::int as gone
        from appointments where planner_job_id = ${id}
    `;
    assert(count.n > 500, `only ${count.n} appointments`);
    assertEquals(count.gone, 0);
    assertEquals(done.result.appointments_created, count.n);
    const skipped = done.result.skipped_deleted;
    assert(skipped.appointments > 0, "the deleted student had lessons in the plan");
    assertEquals(
      skipped.message,
      `${skipped.appointments} Fahrstunden übersprungen: 1 Fahrschüler wurde während der ` +
        "Planung gelöscht",
    );
    assert(done.activity_log.some((l: string) => l.includes(skipped.message)));
    assertEquals(
      done.result.unplanned.some((u: { student: string }) => u.student === `S${gone.id}`),
      false,
    );
    const [line] = await t.sql`
      select summary from audit_log where action = 'planner.completed' order by id desc limit 1
    `;
    assertEquals(
      line.summary,
      `Planung abgeschlossen: ${count.n} Fahrstunden geplant; ${skipped.message}`,
    );
    worker.child.kill("SIGTERM");
    assertEquals((await worker.exited).code, 0);
  },
);

Deno.test("two starts at once with a worker running: exactly one job", options, async () => {
  await clean();
  const worker = new WorkerProcess(0);
  await worker.ready();
  const answers = await Promise.all([
    admin.post("/api/admin/run-planner/"),
    admin.post("/api/admin/run-planner/"),
  ]);
  assertEquals(answers.map((r) => r.status).sort(), [202, 409]);
  await until(async () => (await job()).status === "completed", 20_000, "completion");
  const [jobs] = await t.sql`select count(*)::int as n from planner_jobs`;
  assertEquals(jobs.n, 1);
  await noDoubleBookings();
  worker.child.kill("SIGTERM");
  await worker.exited;
});

Deno.test("a job whose workers died twice is failed with a German message", options, async () => {
  await clean();
  await t.sql`
    insert into planner_jobs (status, worker_id, attempts, heartbeat_at, started_at)
    values ('running', 'tot:1', 2, now() - interval '1 minute', now() - interval '2 minutes')
  `;
  const worker = new WorkerProcess(0);
  await until(async () => (await job()).status === "failed", 15_000, "failure");
  const failed = await job();
  assertEquals(
    failed.error_message,
    "Die Planung wurde abgebrochen, weil der Planungsdienst mehrmals ausgefallen ist. " +
      "Bitte starten Sie die Planung erneut.",
  );
  const progress = await (await admin.get("/api/admin/planner-progress/")).json();
  assertEquals(progress.status, "failed");
  assertEquals(progress.error_message, failed.error_message);
  const [line] = await t.sql`
    select actor_id, actor_name, summary from audit_log
     where action = 'planner.failed' and details->>'job_id' = ${String(failed.id)}
  `;
  assertEquals(line, {
    actor_id: null,
    actor_name: "System",
    summary: `Planung fehlgeschlagen: ${failed.error_message}`,
  });
  worker.child.kill("SIGTERM");
  await worker.exited;
});
