/**
 * deno task bench:planner [--quick]: our planner on every example instance beside HiGHS (npm
 * `highs`) solving the same hard model as a MIP with a 120 s limit. --quick skips HiGHS on the two
 * largest instances. Soft columns read "without -> with": the same instance planned with every
 * soft weight at 0 (no search), then with the instance's weights, both measured by quality.ts.
 */
import highsLoader from "highs";
import { parseInstance } from "./instance.ts";
import { mipModel } from "./mipModel.ts";
import { plan } from "./plan.ts";
import { measureQuality } from "./quality.ts";
import { verifyPlan } from "./verify.ts";

const NAMES = ["klein", "mittel", "gross", "mega", "legendary"];
const quick = Deno.args.includes("--quick");
const dir = new URL("../../shared/planner/instances/", import.meta.url);
// The package's types describe the ESM default export; under Deno's npm interop they arrive as the
// module namespace, so the loader is typed by hand here.
type Solver = {
  solve(lp: string, options: Record<string, unknown>): { Status: string; ObjectiveValue?: number };
};
const highs = await (highsLoader as unknown as () => Promise<Solver>)();

/** Runs on a shared 2-core machine scatter by a factor of two: the median of `n` runs is reported. */
const RUNS = 5;
function median<T>(n: number, run: () => T): { result: T; seconds: number } {
  const runs = Array.from({ length: n }, () => {
    const t0 = performance.now();
    const result = run();
    return { result, seconds: (performance.now() - t0) / 1000 };
  }).sort((a, b) => a.seconds - b.seconds);
  return runs[(n - 1) >> 1];
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  "| instance | lessons | upper bound | ratio | lowest share | best lowest share | std dev shares | instructors/student | pref. times | pref. instructor | workload ok | seconds (lessons + fairness) | seconds (with soft search) | HiGHS lessons | HiGHS seconds | speed-up (lessons + fairness / full) |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const name of NAMES) {
  const instance = parseInstance(JSON.parse(await Deno.readTextFile(new URL(`${name}.json`, dir))));
  plan(instance); // warm-up, so the figure is the planner and not the JIT
  const { result, seconds: ours } = median(RUNS, () => plan(instance));
  const problems = verifyPlan(instance, result);
  if (problems.length) console.error(`${name}: INVALID ${problems.slice(0, 3).join("; ")}`);
  const s = result.stats;
  const off = {
    instructorContinuity: 0,
    preferredTimes: 0,
    balanceWorkload: 0,
    studentPreferences: 0,
  };
  const plain = { ...instance, settings: { ...instance.settings, soft: off } };
  // Measured against the real weights' instance (the tolerance matters for workload).
  const hard = median(RUNS, () => plan(plain));
  const oursHard = hard.seconds;
  const q0 = measureQuality(instance, hard.result);
  const both = (a: number, b: number, f: (x: number) => string) => `${f(a)} → ${f(b)}`;
  const two = (x: number) => x.toFixed(2);
  let peer = "skipped", peerSeconds = "", speedup = "";
  if (!quick || !["mega", "legendary"].includes(name)) {
    const { lp } = mipModel(instance);
    // HiGHS gets the median of three runs too, unless one already needs the whole time limit.
    const solve = () => highs.solve(lp, { time_limit: 120, mip_rel_gap: 0 });
    const first = median(1, solve);
    const { result: res, seconds: sec } = first.seconds > 30 ? first : median(3, solve);
    const finished = res.Status === "Optimal";
    peer = `${Math.round(res.ObjectiveValue ?? 0)}${finished ? "" : ` (${res.Status})`}`;
    peerSeconds = sec.toFixed(2);
    // Like for like: HiGHS solves the hard model (most lessons); our run without the soft
    // search solves that and fairness. The full run adds the soft-preference search.
    speedup = `${(sec / oursHard).toFixed(1)}x / ${(sec / ours).toFixed(1)}x`;
  }
  console.log(
    `| ${name} | ${s.lessons} | ${s.upperBound} | ${pct(s.lessons / s.upperBound)} | ${
      pct(s.minShare)
    } | ${pct(s.bestMinShare)} | ` +
      `${s.shareStdDev.toFixed(3)} | ${
        both(q0.avgInstructorsPerStudent, s.avgInstructorsPerStudent, two)
      } | ${both(q0.preferredTimesShare, s.preferredTimesShare, pct)} | ` +
      `${both(q0.preferredInstructorShare, s.preferredInstructorShare, pct)} | ${
        both(q0.workloadWithinTolerance, s.workloadWithinTolerance, pct)
      } | ${oursHard.toFixed(2)} | ${ours.toFixed(2)} | ${peer} | ${peerSeconds} | ${speedup} |`,
  );
}
