import { testDatabaseBanner, testServerUrl, usesPglite } from "../db/test_database.ts";
import { migratedTemplate } from "../db/test_template.ts";

/**
 * deno task test: formatting, lint, type check, API and solver tests (Deno), web unit tests
 * (vitest) and end-to-end tests (Playwright in Debian's Chromium). Starts with the line that
 * says where the database tests run (Postgres, or embedded PGlite when none answers) and ends
 * with one line "N passed, N failed" over all runners. Step names as arguments run only those
 * steps (fmt, lint, check, build, deno, vitest, e2e).
 *
 * deno task ok (--quick): the inner loop, a few minutes instead of ten: fmt, lint, check, the
 * Deno tests that stay in their own process (not tests/deno/, which starts the app, the worker
 * and scripts as processes) except the planner against HiGHS, and vitest; no web build, no
 * browser.
 */
const root = new URL("../", import.meta.url).pathname;
const deno = Deno.execPath();
const totals = { passed: 0, failed: 0 };

console.log(await testDatabaseBanner());
// Decided once here; every test process (deno test, the e2e app servers) inherits the answer.
Deno.env.set("FAHRPLAN_TEST_PGLITE", (await usesPglite()) ? "1" : "0");
const quick = Deno.args.includes("--quick");
const quickSteps = ["fmt", "lint", "check", "deno", "vitest"];
// The planner against HiGHS and its replayed optima run HiGHS and the planner to their work budgets:
// half of the Deno tests' time on their own; the full suite keeps them.
const quickLeavesOut = [
  "solver/exact_vs_highs.test.ts",
  "solver/planner_gaps.test.ts",
  "solver/planner_optima.test.ts",
];
const denoTestFolders = ["api/", "db/", "solver/", "scripts/", "notify/"];
const only = Deno.args.filter((a) => !a.startsWith("-"));
const want = (step: string) =>
  (only.length === 0 || only.includes(step)) && (!quick || quickSteps.includes(step));

// deno-lint-ignore no-control-regex
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

/**
 * Runs a command to its end. Its output goes to ours as it comes, or, with `quiet`, only into the
 * returned text (a step that runs beside another prints its output when it is done).
 */
async function run(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  quiet = false,
) {
  const child = new Deno.Command(cmd, {
    args,
    cwd: root,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const decoder = new TextDecoder();
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      output += decoder.decode(chunk, { stream: true });
      if (!quiet) await sink.write(chunk);
    }
  };
  const [status] = await Promise.all([
    child.status,
    pump(child.stdout, Deno.stdout),
    pump(child.stderr, Deno.stderr),
  ]);
  return { ok: status.success, output: stripAnsi(output) };
}

// Steps run one after another, so a step's time is the time since the previous one ended.
let stepStart = performance.now();

/** Books a step's result; its time is the time since the previous step, or its own when given. */
function count(step: string, passed: number, failed: number, ownSeconds?: number) {
  totals.passed += passed;
  totals.failed += failed;
  const seconds = ownSeconds ?? Math.round((performance.now() - stepStart) / 1000);
  stepStart = performance.now();
  console.log(`\n== ${step}: ${passed} passed, ${failed} failed (${seconds} s)\n`);
}

/**
 * The quick step's test files, listed one by one: deno test's --ignore is not applied when the
 * ignored file is outside the first folder named (Deno 2.9).
 */
async function quickTestFiles(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${root}${dir}`)) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) await walk(`${path}/`);
      else if (/[._]test\.tsx?$/.test(entry.name) && !quickLeavesOut.includes(path)) {
        files.push(path);
      }
    }
  };
  for (const dir of denoTestFolders) await walk(dir);
  return files.sort();
}

async function check(step: string, cmd: string, args: string[]) {
  if (!want(step)) return;
  console.log(`\n== ${step}`);
  const { ok } = await run(cmd, args);
  count(step, ok ? 1 : 0, ok ? 0 : 1);
}

await check("fmt", deno, ["fmt", "--check"]);
await check("lint", deno, ["lint"]);
// Every folder with TypeScript, tests included: the Deno test step then skips its own type check.
await check("check", deno, [
  "check",
  "api/",
  "common/",
  "db/",
  "notify/",
  "solver/",
  "scripts/",
  "tests/",
  "web/src/",
]);

// The web build comes first: the start test and the end-to-end tests serve web/dist.
let built = false;
if (want("build") || want("e2e") || (want("deno") && !quick)) {
  console.log("\n== vite build");
  const build = await run(`${root}node_modules/.bin/vite`, [
    "build",
    "--config",
    "web/vite.config.ts",
    "--logLevel",
    "warn",
  ]);
  built = build.ok;
  count("vite build", built ? 1 : 0, built ? 0 : 1);
}

/**
 * vitest runs beside the Deno tests: those wait much of their time on the processes they start
 * (app, worker, scripts), so the two together take little more than the Deno tests alone. Its
 * output is printed when it is done, after the Deno tests' own.
 */
async function vitest() {
  const started = performance.now();
  await Deno.mkdir(`${root}test-results`, { recursive: true });
  const report = `${root}test-results/vitest.json`;
  await Deno.remove(report).catch(() => {});
  const result = await run(
    `${root}node_modules/.bin/vitest`,
    [
      "run",
      "--config",
      "web/vite.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    {},
    true,
  );
  return { ...result, report, seconds: Math.round((performance.now() - started) / 1000) };
}

async function countVitest(done: Awaited<ReturnType<typeof vitest>>) {
  console.log("\n== vitest");
  console.log(done.output);
  try {
    const json = JSON.parse(await Deno.readTextFile(done.report));
    // A file that failed to load has no failed test of its own: count it once. (numFailedTestSuites
    // also counts every describe block around a failed test, which would count one failure twice.)
    type FileResult = { status: string; assertionResults: { status: string }[] };
    const brokenFiles = (json.testResults as FileResult[]).filter((file) =>
      file.status === "failed" && !file.assertionResults.some((a) =>
        a.status === "failed"
      )
    ).length;
    count(
      "vitest (beside the Deno tests)",
      json.numPassedTests,
      json.numFailedTests + brokenFiles,
      done.seconds,
    );
  } catch {
    count("vitest (did not run)", 0, 1, done.seconds);
  }
}

/** The tests Playwright marked flaky (failed first, passed on the retry), as "file › title". */
function flakyTitles(report: unknown): string[] {
  type Suite = {
    file?: string;
    specs?: { title: string; tests: { status: string }[] }[];
    suites?: Suite[];
  };
  const found: string[] = [];
  const walk = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "flaky")) found.push(`${file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of (report as { suites?: Suite[] }).suites ?? []) walk(suite, suite.file ?? "");
  return found;
}

/** Playwright's run, its output kept to be printed when it is done (it runs beside the others). */
async function playwright() {
  const started = performance.now();
  const report = `${root}test-results/e2e.json`;
  await Deno.remove(report).catch(() => {});
  const template = Deno.env.get("FAHRPLAN_TEST_PGLITE") === "1"
    ? undefined
    : await migratedTemplate(
      testServerUrl,
      Deno.env.get("TEST_DATABASE_PREFIX") ?? "",
    );
  const result = await run(
    `${root}node_modules/.bin/playwright`,
    ["test", "--config", "tests/e2e/playwright.config.ts"],
    {
      ...(template ? { FAHRPLAN_TEST_TEMPLATE: template } : {}),
      DENO_BIN: deno,
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "/root",
    },
    true,
  );
  return { ...result, report, seconds: Math.round((performance.now() - started) / 1000) };
}

async function countPlaywright(done: Awaited<ReturnType<typeof playwright>>) {
  console.log("\n== playwright (beside the Deno tests)");
  console.log(done.output);
  try {
    const json = JSON.parse(await Deno.readTextFile(done.report));
    const s = json.stats;
    const errors = (json.errors ?? []).length;
    for (const title of flakyTitles(json)) console.log(`flaky (passed on its retry): ${title}`);
    count("playwright", s.expected + (s.flaky ?? 0), s.unexpected + errors, done.seconds);
  } catch {
    count("playwright (did not run)", 0, 1, done.seconds);
  }
}

const vitestRun = want("vitest") ? vitest() : undefined;
// The end-to-end tests start with the others: much of the Deno tests' time is spent waiting on the
// processes they start, and the browser's work fills it (stop 27: the Deno step kept one of the two
// cores busy; alone, one after the other, the steps took 15.6 minutes).
const e2eRun = want("e2e") && built ? playwright() : undefined;

if (want("deno")) {
  console.log("\n== deno test");
  const started = performance.now();
  const { output } = await run(deno, [
    "test",
    "-A",
    // The check step above type-checked these files already (a minute of one core, twice).
    ...(want("check") ? ["--no-check"] : []),
    "--parallel",
    ...(quick ? await quickTestFiles() : [...denoTestFolders, "tests/deno/"]),
  ]);
  const summary = [
    ...output.matchAll(/(ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed/g),
  ].pop();
  const seconds = Math.round((performance.now() - started) / 1000);
  if (summary) count("deno test", Number(summary[2]), Number(summary[4]), seconds);
  else count("deno test (did not run)", 0, 1, seconds);
}

if (vitestRun) await countVitest(await vitestRun);
if (e2eRun) await countPlaywright(await e2eRun);

console.log(`${totals.passed} passed, ${totals.failed} failed`);
Deno.exit(totals.failed === 0 ? 0 : 1);
