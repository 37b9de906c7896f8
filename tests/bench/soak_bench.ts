/**
 * Soak bench (issue 24, `deno task bench soak`): the real app (`scripts/start.ts --no-build`: API,
 * planner worker, e-mail sender) on a fresh Postgres database seeded with the Mittel school
 * (10 instructors, 50 students, all with accounts), then simulated people, each in their own
 * browser (cookie jar, CSRF token), clicking through it with pauses to read: sign-in, lists,
 * weekly grids saved with the version they loaded, month exports, small imports; the office starts
 * a full planner run every few minutes. Prints per kind of action p50/p95/p99 and errors, per
 * minute the requests and the API process's resident memory and threads, whether that memory
 * grew, and both again after half a minute without traffic (idle pool threads end by then).
 *
 * deno run -A tests/bench/soak_bench.ts [--minutes 30] [--users 50] [--planner-every 3]
 *   [--database-url postgres://...]  (an empty database instead of a new one)
 * TEST_DATABASE_SERVER overrides the Postgres server, TEST_DATABASE_PREFIX prefixes the database.
 */
import { parseArgs } from "node:util";
import { hashPassword } from "../../common/passwords.ts";
import { connect } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";
import { SEED_PASSWORD, seedInstance } from "../../scripts/seed.ts";
import { parseInstance } from "../../solver/instance.ts";
import { residentMiB, startApp, threadCount, threadNames } from "./soak/app_process.ts";
import { type Person, plannerLoop, simulate } from "./soak/people.ts";
import { percentile, Recorder } from "./soak/recorder.ts";

const root = new URL("../../", import.meta.url).pathname;
const { values } = parseArgs({
  args: Deno.args,
  options: {
    minutes: { type: "string", default: "30" },
    users: { type: "string", default: "50" },
    "planner-every": { type: "string", default: "3" },
    "database-url": { type: "string" },
  },
  strict: false,
});
function positive(name: string): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} muss eine positive Zahl sein.`);
    Deno.exit(2);
  }
  return n;
}
const minutes = positive("minutes");
const userCount = Math.round(positive("users"));
const plannerEvery = positive("planner-every");
const adminPassword = "soak-passwort-1";

/** A new database, or the given one after checking it holds no school yet. */
async function prepareDatabase(): Promise<string> {
  let url = values["database-url"] as string | undefined;
  if (!url) {
    const server = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
    const database = `${Deno.env.get("TEST_DATABASE_PREFIX") ?? ""}fahrplan_bench_soak`;
    const admin = connect(`${server}/postgres`, { max: 1 });
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.unsafe(`create database ${database}`);
    await admin.end();
    url = `${server}/${database}`;
  }
  const sql = connect(url, { max: 1 });
  try {
    await migrate(sql);
    const [{ n }] = await sql`select count(*)::int as n from users where role <> 'admin'`;
    if (n > 0) {
      console.error("Die Datenbank enthält schon Fahrlehrer oder Fahrschüler; bitte eine leere.");
      Deno.exit(2);
    }
    const instance = parseInstance(
      JSON.parse(await Deno.readTextFile(`${root}solver/examples/mittel.json`)),
    );
    await seedInstance(sql, instance, { reset: false });
    const hash = await hashPassword(adminPassword);
    for (let k = 1; k <= admins; k++) {
      await sql`insert into users (username, role, password_hash, first_name, last_name)
                values (${`soak-admin-${k}`}, 'admin', ${hash}, 'Soak', ${`Büro ${k}`})`;
    }
    await sql`analyze`;
  } finally {
    await sql.end();
  }
  return url;
}

// The mix: a tenth office, a fifth instructors (the Mittel school has 10), the rest students
// (50 accounts; more users than accounts sign in to one account from several browsers).
const admins = Math.max(1, Math.round(userCount / 10));
const instructors = Math.min(userCount - admins, Math.round(userCount / 5));
const students = userCount - admins - instructors;
const people: Person[] = [
  ...Array.from({ length: admins }, (_, k) => ({
    role: "admin" as const,
    username: `soak-admin-${k + 1}`,
    password: adminPassword,
  })),
  ...Array.from({ length: instructors }, (_, k) => ({
    role: "instructor" as const,
    username: `i${String((k % 10) + 1).padStart(2, "0")}`,
    password: SEED_PASSWORD,
  })),
  ...Array.from({ length: students }, (_, k) => ({
    role: "student" as const,
    username: `s${String((k % 50) + 1).padStart(3, "0")}`,
    password: SEED_PASSWORD,
  })),
];

const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ")[0];

const databaseUrl = await prepareDatabase();
const app = await startApp(databaseUrl);
const apiPids = () => app.childPids("api/main.ts");
const firstApiPid = apiPids()[0];
const t0 = performance.now();
const until = t0 + minutes * 60_000;
const recorder = new Recorder(t0);
const rampMs = Math.min(30_000, minutes * 60_000 / 4);

interface Sample {
  minute: number;
  api: number | null;
  apiThreads: number | null;
  solver: number | null;
  notify: number | null;
  load: string;
}
const memory = (pids: number[]) => (pids.length ? residentMiB(pids[0]) : null);
const samples: Sample[] = [];
/** The API's threads by name at the start, at the first sample with the most, and afterwards. */
const names = (pid: number | undefined) =>
  pid === undefined ? "-" : [...threadNames(pid)].map(([n, k]) => `${k} ${n}`).join(", ");
let threadsAtMost = { count: 0, names: "-" };
const sample = (into = samples) => {
  const pid = apiPids()[0];
  const threads = pid === undefined ? null : threadCount(pid);
  if (threads !== null && threads > threadsAtMost.count) {
    threadsAtMost = { count: threads, names: names(pid) };
  }
  into.push({
    minute: (performance.now() - t0) / 60_000,
    api: memory(apiPids()),
    apiThreads: threads,
    solver: memory(app.childPids("solver/main.ts")),
    notify: memory(app.childPids("notify/main.ts")),
    load: loadAverage(),
  });
};
sample();
const threadsAtStart = names(firstApiPid);
console.log(
  `Soak: ${minutes} min, ${userCount} Benutzer (${admins} Büro, ${instructors} Fahrlehrer, ` +
    `${students} Fahrschüler), Planung alle ${plannerEvery} min; API pid ${firstApiPid}, ` +
    `RSS ${samples[0].api?.toFixed(1)} MiB, ${samples[0].apiThreads} Threads; Last ${
      samples[0].load
    }`,
);
// Every 10 s for the growth verdict; a line every minute so a long run shows it is alive.
const sampler = setInterval(() => {
  sample();
  const s = samples[samples.length - 1];
  if (samples.length % 6 === 1) {
    const t = recorder.totals();
    console.log(
      `  ${s.minute.toFixed(1)} min: API ${s.api?.toFixed(1)} MiB, ${s.apiThreads} Threads, ` +
        `Last ${s.load}, ` +
        `${t.requests} Anfragen, ${t.errors} Fehler`,
    );
  }
}, 10_000);

const run = { base: app.base, recorder, until, rampMs };
const [plannerRuns] = await Promise.all([
  plannerLoop(people[0], run, Math.min(30_000, minutes * 30_000), plannerEvery * 60_000),
  ...people.map((person) => simulate(person, run)),
]);
clearInterval(sampler);
// The traffic's length; the quiet half minute below is not part of it.
const elapsed = (performance.now() - t0) / 60_000;
sample();
const endApiPids = apiPids();
// Half a minute without traffic: Tokio ends a blocking-pool thread after 10 s without work, and
// what the API holds then is what stays (a leak of threads or memory does not go away).
const quietSeconds = 30;
const quiet: Sample[] = [];
console.log(`  Ruhephase: ${quietSeconds} s ohne Anfragen`);
for (let k = 0; k < quietSeconds / 5; k++) {
  // Real-world time: the idle time Tokio's pool and V8's collector need to give threads and
  // memory back is what is measured here.
  await new Promise((r) => setTimeout(r, 5_000));
  sample(quiet);
}
const after = quiet[quiet.length - 1];
const threadsAfter = names(endApiPids[0]);
await app.stop();

// --- Report -------------------------------------------------------------------------------
const lines: string[] = [];
const totals = recorder.totals();
const loads = samples.map((s) => Number(s.load));
lines.push(
  `Soak run: ${minutes} min (${elapsed.toFixed(1)} measured), ${userCount} users ` +
    `(${admins} office, ${instructors} instructors, ${students} students) plus the office's ` +
    `planner run every ${plannerEvery} min; Mittel school. ${totals.requests} requests, ` +
    `${(totals.requests / (elapsed * 60)).toFixed(1)}/s. Load average ${
      Math.min(...loads).toFixed(1)
    }-${Math.max(...loads).toFixed(1)} (median ${
      percentile([...loads].sort((a, b) => a - b), 50).toFixed(1)
    }).`,
  "",
  ...recorder.table(),
  "",
);
lines.push(
  `Errors (5xx, network, wrong body): ${totals.errors}; expected 4xx (409 planner busy, 412 stale ` +
    `grid): ${totals.expected}; other 4xx: ${totals.unexpected}.`,
);
for (const text of recorder.failureSamples()) lines.push(`  - ${text.replaceAll("\n", " ")}`);
lines.push("");
lines.push(
  `Planner runs: ${
    plannerRuns.map((r) => `${r.status} ${r.seconds.toFixed(1)} s (${r.lessons} lessons)`).join(
      ", ",
    ) || "none"
  }.`,
);
lines.push("");
lines.push(
  "| Minute | Requests | Errors | p95 ms | API RSS MiB at its end | API RSS peak | API threads | Solver RSS MiB | Load |",
);
lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
lines.push(
  `| start | | | | ${samples[0].api?.toFixed(1) ?? "-"} | | ${samples[0].apiThreads ?? "-"} | ${
    samples[0].solver?.toFixed(1) ?? "-"
  } | ${samples[0].load} |`,
);
const mib = (n: number | null | undefined) => (n == null ? "-" : n.toFixed(1));
for (let m = 0; m < Math.max(1, Math.round(elapsed)); m++) {
  const bucket = recorder.minutes[m];
  const inside = samples.filter((s) => s.minute > m && s.minute <= m + 1 + 1e-6);
  const at = inside[inside.length - 1] ?? samples[samples.length - 1];
  const peak = Math.max(...inside.map((s) => s.api ?? 0));
  const p95 = bucket ? percentile([...bucket.times].sort((a, b) => a - b), 95) : NaN;
  lines.push(
    `| ${m}-${m + 1} | ${bucket?.requests ?? 0} | ${bucket?.errors ?? 0} | ${
      Number.isNaN(p95) ? "-" : p95.toFixed(0)
    } | ${mib(at.api)} | ${inside.length ? mib(peak) : "-"} | ${at.apiThreads ?? "-"} | ${
      mib(at.solver)
    } | ${at.load} |`,
  );
}
const last = samples[samples.length - 1];
lines.push(
  `| end | | | | ${mib(last.api)} | | ${last.apiThreads ?? "-"} | ${
    mib(last.solver)
  } | ${last.load} |`,
);
lines.push(
  `| after ${quietSeconds} s quiet | | | | ${mib(after?.api)} | | ${after?.apiThreads ?? "-"} | ${
    mib(after?.solver)
  } | ${after?.load ?? "-"} |`,
);
lines.push("");

// Growth: after the warm-up (the ramp-up and the first planner run, at most 2 min, a quarter of a
// short run) the median of the first and of the last fifth of the samples, and the fitted slope.
const warmup = Math.min(2, minutes / 4);
const steady = samples.filter((s) => s.minute >= warmup && s.api !== null) as (Sample & {
  api: number;
})[];
const restarted = app.restarts();
if (restarted.length || endApiPids[0] !== firstApiPid) {
  lines.push(
    `API restarted during the run (pid ${firstApiPid} -> ${endApiPids[0] ?? "none"}): ${
      restarted.join(" / ")
    }`,
  );
}
const steadyMinutes = steady.length ? steady[steady.length - 1].minute - steady[0].minute : 0;
if (steady.length >= 10) {
  const fifth = Math.max(3, Math.floor(steady.length / 5));
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  const head = steady.slice(0, fifth).map((s) => s.api);
  const first = median(head);
  const end = median(steady.slice(-fifth).map((s) => s.api));
  const mx = steady.reduce((a, s) => a + s.minute, 0) / steady.length;
  const my = steady.reduce((a, s) => a + s.api, 0) / steady.length;
  const slope = steady.reduce((a, s) => a + (s.minute - mx) * (s.api - my), 0) /
    steady.reduce((a, s) => a + (s.minute - mx) ** 2, 0);
  // The API's RSS saws up and down by tens of MiB (the garbage collector, the password and
  // import threads); growth within the first window's own swing is noise.
  const noise = Math.max(10, first * 0.1, Math.max(...head) - Math.min(...head));
  const growth = end - first;
  const verdict = steadyMinutes < 5
    ? "too short for a verdict (under 5 minutes after the warm-up)"
    : growth <= noise
    ? "no growth beyond noise"
    : "GROWTH beyond noise";
  lines.push(
    `API memory: ${mib(samples[0].api)} MiB at start, ${mib(first)} MiB after the warm-up ` +
      `(median of ${fifth} samples from minute ${warmup.toFixed(1)}), ${mib(end)} MiB at the end ` +
      `(median of the last ${fifth}), peak ${
        mib(Math.max(...steady.map((s) => s.api)))
      } MiB; growth ${growth.toFixed(1)} MiB, fitted slope ${slope.toFixed(2)} MiB/min, ` +
      `noise band ${noise.toFixed(0)} MiB. Verdict: ${verdict}. After ${quietSeconds} s ` +
      `without traffic: ${mib(after?.api)} MiB.`,
  );
} else {
  lines.push("API memory: too few samples after the warm-up for a verdict (run longer).");
}
lines.push(
  `API threads: ${samples[0].apiThreads} at start (${threadsAtStart}); ${threadsAtMost.count} at ` +
    `most (${threadsAtMost.names}); ${last.apiThreads} at the end of the traffic; ` +
    `${after?.apiThreads ?? "-"} after ${quietSeconds} s without traffic (${threadsAfter}).`,
);
const appErrors = app.errorLines();
if (appErrors.length) {
  lines.push("", `The app printed ${appErrors.length} error lines; the first ones:`);
  for (const line of appErrors.slice(0, 10)) lines.push(`  ${line}`);
}
console.log(`\n${lines.join("\n")}`);
Deno.exit(totals.errors || restarted.length ? 1 : 0);
