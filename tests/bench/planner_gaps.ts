/**
 * deno task bench gaps, or deno run -A tests/bench/planner_gaps.ts [shape ...] [--seeds 1,2]
 * [--limit 60] [--no-examples] [--write] [--recorded]: the planner beside HiGHS's proven optimum on the same
 * exact hard model (most lessons, then the best lowest share at that many), one markdown table row
 * per instance as it finishes, then a summary line. Each instance is planned twice, the second time
 * while two workers spin the CPU: the column "same plan, CPU busy" says whether both plans are
 * byte for byte the same (the searches are limited by work, solver/work_budget.ts). --recorded
 * takes HiGHS's figures from tests/fixtures/planner_optima.json instead of solving (minutes on a
 * loaded machine; the examples and instances without a record are left out).
 *
 * Without shapes: the five examples (solver/examples/) and every variant of every shape for seeds
 * 1 and 2 (85 instances: 8.5 min at load 2-3, the longest HiGHS run 53 s for both solves).
 * `--limit` is HiGHS's time limit per solve (two solves: lessons, then the share at them). Where
 * HiGHS stops at it, the row shows its best plan and its proven bound and the instance is not
 * counted as a match. --write adds the generated instances where the planner misses the proven
 * optimum (lessons or best lowest share) or its claims are false to tests/fixtures/planner_gaps.json,
 * the regression list solver/exact_vs_highs.test.ts replays, and records HiGHS's proven figures of
 * every generated instance in tests/fixtures/planner_optima.json (the test replays the mittel ones
 * without HiGHS, which needs minutes for them).
 */
import { type Instance, parseInstance } from "../../solver/instance.ts";
import { type PlanStats, timedPlan } from "../../solver/plan.ts";
import { withBusyCpu } from "../../solver/testing/busy_cpu.ts";
import {
  generatedSuite,
  generateInstance,
  type GenerateOptions,
  SHAPES,
  VARIANTS,
} from "../../solver/testing/generate.ts";
import { verifyPlan } from "../../solver/verify.ts";
import { type ExactBounds, exactBounds } from "./highs_peer.ts";

const EPS = 1e-9;
const args = Deno.args;
const shapes = args.filter((a) => a in SHAPES) as (keyof typeof SHAPES)[];
const option = (name: string) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : undefined;
};
const seeds = option("--seeds")?.split(",").map(Number);
const limit = Number(option("--limit") ?? 60);
const write = args.includes("--write");
const recorded = args.includes("--recorded");

interface Case {
  /** The options as JSON for generated instances (the fixtures' key), else "example <name>". */
  name: string;
  /** Short for the table: "mittel 206 twoHourBreaks" (shape, seed, variant of VARIANTS). */
  label: string;
  options?: GenerateOptions;
  load: () => Promise<Instance>;
}
const EXAMPLES = ["klein", "mittel", "gross", "mega", "legendary"];
const examples: Case[] = shapes.length || args.includes("--no-examples") ? [] : EXAMPLES.map((
  name,
) => ({
  name: `example ${name}`,
  label: `example ${name}`,
  load: async () =>
    parseInstance(
      JSON.parse(
        await Deno.readTextFile(new URL(`../../solver/examples/${name}.json`, import.meta.url)),
      ),
    ),
}));
const suite: GenerateOptions[] = shapes.length ? generatedSuite(shapes, seeds ?? [1, 2]) : [
  ...generatedSuite(Object.keys(SHAPES) as (keyof typeof SHAPES)[], seeds ?? [1, 2]),
];
/** The VARIANTS entry `options` was made from. */
function variantOf({ shape: _, seed: __, ...rest }: GenerateOptions): string {
  const key = JSON.stringify(rest);
  return Object.entries(VARIANTS).find(([, v]) => JSON.stringify(v) === key)?.[0] ?? key;
}
const cases: Case[] = [
  ...examples,
  ...suite.map((options) => ({
    name: JSON.stringify(options),
    label: `${options.shape} ${options.seed} ${variantOf(options)}`,
    options,
    load: () => Promise.resolve(generateInstance(options)),
  })),
];

const fixtures = new URL("../fixtures/planner_gaps.json", import.meta.url);
const known: { options: unknown }[] = JSON.parse(
  await Deno.readTextFile(fixtures).catch(() => "[]"),
);
const seen = new Set(known.map((k) => JSON.stringify(k.options)));
const optimaFile = new URL("../fixtures/planner_optima.json", import.meta.url);
const optima: { options: GenerateOptions; lessons: number; bestMinShare?: number }[] = JSON.parse(
  await Deno.readTextFile(optimaFile).catch(() => "[]"),
);

/** CPU seconds of this thread (Linux; 0 elsewhere): what a run costs whatever the machine's load. */
function cpuSeconds(): number {
  try {
    const f = Deno.readTextFileSync("/proc/thread-self/stat").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** HiGHS's proven figures of a generated instance as recorded by an earlier --write. */
function recordedBounds(name: string): ExactBounds | undefined {
  const o = optima.find((x) => JSON.stringify(x.options) === name);
  if (!o) return undefined;
  const exact = (x: number) => ({ status: "Optimal", incumbent: x, bound: x });
  const share = o.bestMinShare === undefined
    ? { status: "not recorded", incumbent: NaN, bound: NaN }
    : exact(o.bestMinShare);
  return { lessons: exact(o.lessons), share, seconds: 0 };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const proven = (e: ExactBounds) => e.lessons.status === "Optimal";
const shareProven = (e: ExactBounds) => e.share?.status === "Optimal";

/** The claims in `stats`, checked against what HiGHS proved (a lower bound where it did not). */
function claimsTrue(s: PlanStats, e: ExactBounds): boolean {
  // Any plan HiGHS found is a lower bound on the optimum, proven or not.
  const atLeast = Number.isNaN(e.lessons.incumbent) ? 0 : Math.round(e.lessons.incumbent);
  if (s.upperBound < atLeast || s.lessonsGap !== s.upperBound - s.lessons) return false;
  if (s.optimal && s.lessons < atLeast) return false;
  if (!proven(e)) return true;
  const optimum = Math.round(e.lessons.bound);
  if (s.optimal && s.lessons !== optimum) return false;
  if (s.lessons !== optimum || !e.share) return true;
  // At the optimum: the share bound is at least any share HiGHS reached there, and a claimed
  // best share is HiGHS's proven one (or at least its best found, when unproven).
  if (!Number.isNaN(e.share.incumbent) && s.minShareBound < e.share.incumbent - EPS) return false;
  if (s.bestMinShare === undefined) return true;
  return shareProven(e)
    ? Math.abs(s.bestMinShare - e.share.bound) < EPS
    // HiGHS may have found no plan at all in its time (incumbent NaN): then only its bound counts.
    : (Number.isNaN(e.share.incumbent) || s.bestMinShare >= e.share.incumbent - EPS) &&
      s.bestMinShare <= e.share.bound + EPS;
}

console.log(
  `HiGHS: time limit ${limit} s per solve (lessons, then the best lowest share at them).\n`,
);
console.log(
  "| instance | valid | lessons / HiGHS optimum | upper bound (ours) | lowest share / HiGHS best at the optimum | claims true | same plan, CPU busy | seconds (ours; CPU) | seconds (HiGHS), status |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
const tally = {
  valid: 0,
  lessonsProven: 0,
  atOptimum: 0,
  shareProven: 0,
  shareBest: 0,
  claims: 0,
  same: 0,
  ours: 0,
  cpu: 0,
  highs: 0,
};
const missed: string[] = [];
let planned = 0;
const started = performance.now();
for (const c of cases) {
  const record = recorded ? recordedBounds(c.name) : undefined;
  if (recorded && !record) continue;
  const instance = await c.load();
  planned++;
  const cpu0 = cpuSeconds();
  const { plan: ours, timing } = timedPlan(instance);
  const cpu = cpuSeconds() - cpu0;
  // The same instance planned again while two workers spin the CPU: the plan must not change.
  const busy = await withBusyCpu(2, () => timedPlan(instance).plan);
  const same = JSON.stringify(busy) === JSON.stringify(ours);
  const valid = verifyPlan(instance, ours).length === 0;
  const e = record ?? await exactBounds(instance, { timeLimit: limit });
  const s = ours.stats;
  const claims = claimsTrue(s, e);
  let lessons: string, share: string, status: string;
  const found = (b: { incumbent: number }, f: (x: number) => string) =>
    Number.isNaN(b.incumbent) ? "none" : f(b.incumbent);
  // Before its first bound (e.g. stopped in presolve) HiGHS reports an infinite one.
  const bound = (b: { bound: number }, f: (x: number) => string) =>
    Number.isFinite(b.bound) && Math.abs(b.bound) < 1e20 ? f(b.bound) : "none";
  if (!proven(e)) {
    lessons = `${s.lessons} / not proven: HiGHS found ${
      found(e.lessons, (x) => String(Math.round(x)))
    }, bound ${bound(e.lessons, (x) => String(Math.floor(x + EPS)))}`;
    share = `${pct(s.minShare)} / –`;
    status = e.lessons.status;
  } else {
    const optimum = Math.round(e.lessons.bound);
    tally.lessonsProven++;
    const at = s.lessons === optimum;
    if (at) tally.atOptimum++;
    lessons = `${s.lessons} / ${optimum}${at ? "" : ` **(${s.lessons - optimum})**`}`;
    const sh = e.share!;
    if (sh.status === "Optimal") {
      tally.shareProven++;
      const best = at && Math.abs(s.minShare - sh.bound) < EPS;
      if (best) tally.shareBest++;
      share = `${pct(s.minShare)} / ${pct(sh.bound)}${best || !at ? "" : " **(below)**"}`;
      status = "Optimal";
    } else {
      share = `${pct(s.minShare)} / not proven: HiGHS found ${found(sh, pct)}, bound ${
        bound(sh, pct)
      }`;
      status = `lessons Optimal, share ${sh.status}`;
    }
    if (write && c.options) {
      // Replaced where already recorded: the latest run's figures (the same when proven). A share
      // proven before and not this time (HiGHS's time limit on a busy machine) is kept.
      const k = optima.findIndex((o) => JSON.stringify(o.options) === c.name);
      const share = sh.status === "Optimal" ? sh.bound : optima[k]?.bestMinShare;
      const entry = {
        options: c.options,
        lessons: optimum,
        ...(share === undefined ? {} : { bestMinShare: share }),
      };
      if (k >= 0) optima[k] = entry;
      else optima.push(entry);
      await Deno.writeTextFile(optimaFile, JSON.stringify(optima, null, 2) + "\n");
    }
    const shareMissed = at && sh.status === "Optimal" && s.minShare < sh.bound - EPS;
    if (!at || shareMissed || !claims) {
      missed.push(
        `${c.name}: lessons ${s.lessons}/${optimum}, share ${s.minShare}/${
          sh.status === "Optimal" ? sh.bound : "unproven"
        }, claims ${claims}`,
      );
      const listed = known.find((k) => JSON.stringify(k.options) === c.name) as
        | { optimum: unknown }
        | undefined;
      if (write && listed && listed.optimum === null) {
        // Listed before HiGHS could prove it: its figures now.
        listed.optimum = {
          lessons: optimum,
          ...(sh.status === "Optimal" ? { bestMinShare: sh.bound } : {}),
        };
        await Deno.writeTextFile(fixtures, JSON.stringify(known, null, 2) + "\n");
      }
      if (write && c.options && !seen.has(c.name)) {
        // The format exact_vs_highs.test.ts replays: "before" is the plan without the exact repair.
        const before = timedPlan(instance, { exactRepair: false }).plan.stats.lessons;
        known.push({
          options: c.options,
          optimum: {
            lessons: optimum,
            ...(sh.status === "Optimal" ? { bestMinShare: sh.bound } : {}),
          },
          before: { lessons: before },
          reached: { lessons: s.lessons },
          closed: false,
        } as { options: unknown });
        seen.add(c.name);
        await Deno.writeTextFile(fixtures, JSON.stringify(known, null, 2) + "\n");
      }
    }
  }
  if (valid) tally.valid++;
  if (claims) tally.claims++;
  if (same) tally.same++;
  else missed.push(`${c.name}: the plan planned with the CPU busy differs`);
  tally.ours += timing.seconds;
  tally.cpu += cpu;
  tally.highs += e.seconds;
  console.log(
    `| ${c.label} | ${valid ? "yes" : "**NO**"} | ${lessons} | ${s.upperBound}${
      s.optimal ? " (optimal)" : ""
    } | ${share} | ${claims ? "yes" : "**NO**"} | ${same ? "yes" : "**NO**"} | ${
      timing.seconds.toFixed(2)
    } (${cpu.toFixed(2)}) | ${e.seconds.toFixed(1)} ${status} |`,
  );
}
const n = planned;
console.log(
  `\n${n} instances: ${tally.valid} valid; HiGHS proved the most lessons on ${tally.lessonsProven}, ` +
    `the planner has them on ${tally.atOptimum} of those; HiGHS proved the best lowest share on ` +
    `${tally.shareProven}, the planner reaches it on ${tally.shareBest} of those; claims true on ` +
    `${tally.claims} of ${n}; the same plan with the CPU busy on ${tally.same} of ${n}. Seconds: planner ${
      tally.ours.toFixed(1)
    }, HiGHS ${tally.highs.toFixed(0)}; the whole run ${
      ((performance.now() - started) / 1000 / 60).toFixed(1)
    } min.`,
);
if (missed.length) {
  console.log(`\nBelow HiGHS's proven optimum or claims false:\n- ${missed.join("\n- ")}`);
}
