/**
 * deno task bench: every benchmark in one run, each beside its reference (printed as markdown
 * tables for docs/benchmarks.md). Pass names to run a subset: api, users, import, planner, events,
 * web, gaps (the planner beside HiGHS's proven optimum on 85 instances; about ten minutes), soak
 * (50 simulated users against the running app for 30 minutes; only when named).
 */
const root = new URL("../", import.meta.url).pathname;
const benches: Record<string, string> = {
  api: "tests/bench/api_bench.ts",
  users: "tests/bench/users_bench.ts",
  import: "tests/bench/import_bench.ts",
  hostile: "tests/bench/hostile_import_bench.ts",
  planner: "tests/bench/planner_bench.ts",
  events: "tests/bench/planner_events_bench.ts",
  web: "tests/bench/web_bench.ts",
  gaps: "tests/bench/planner_gaps.ts",
  soak: "tests/bench/soak_bench.ts",
};
/** Too long for "every benchmark": these run only when named. */
const onlyWhenNamed = ["soak"];
// Options (--write, --limit 60, ...) go to every chosen benchmark; the other arguments name them.
const withValue = [
  "--limit",
  "--seeds",
  "--minutes",
  "--users",
  "--planner-every",
  "--database-url",
];
const flags = Deno.args.filter((a, k) =>
  a.startsWith("--") || withValue.includes(Deno.args[k - 1])
);
const names = Deno.args.filter((a) => !flags.includes(a));
const chosen = names.length
  ? names
  : Object.keys(benches).filter((name) => !onlyWhenNamed.includes(name));
let failed = false;
for (const name of chosen) {
  const script = benches[name];
  if (!script) {
    console.error(`Unbekannter Benchmark: ${name} (bekannt: ${Object.keys(benches).join(", ")})`);
    Deno.exit(2);
  }
  console.log(`\n## ${name} (${script})\n`);
  const status = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}${script}`, ...flags],
    cwd: root,
  }).spawn().status;
  if (!status.success) failed = true;
}
Deno.exit(failed ? 1 : 0);
