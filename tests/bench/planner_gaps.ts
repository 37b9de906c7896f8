/**
 * deno run -A tests/bench/planner_gaps.ts [shape ...] [--seeds 1,2,3] [--write]: the planner on
 * generated instances of every variant beside HiGHS's proven optimum on the same exact model.
 * Prints one line per instance; --write adds the instances where the planner misses the optimum
 * lessons or the best lowest share at it to tests/fixtures/planner_gaps.json (the regression list).
 */
import { plan } from "../../solver/plan.ts";
import { generatedSuite, generateInstance, SHAPES } from "../../solver/testing/generate.ts";
import { verifyPlan } from "../../solver/verify.ts";
import { exactOptimum } from "./highs_peer.ts";

const args = Deno.args;
const shapes = args.filter((a) => a in SHAPES) as (keyof typeof SHAPES)[];
const seedArg = args.indexOf("--seeds");
const seeds = seedArg >= 0 ? args[seedArg + 1].split(",").map(Number) : [1, 2];
const fixtures = new URL("../fixtures/planner_gaps.json", import.meta.url);
const known: { options: unknown }[] = JSON.parse(
  await Deno.readTextFile(fixtures).catch(() => "[]"),
);
const seen = new Set(known.map((k) => JSON.stringify(k.options)));

for (const options of generatedSuite(shapes.length ? shapes : ["klein", "mittel"], seeds)) {
  const instance = generateInstance(options);
  const ours = plan(instance);
  const valid = verifyPlan(instance, ours).length === 0;
  const exact = await exactOptimum(instance, { fairness: true, timeLimit: 30 });
  const s = ours.stats;
  const gap = exact.lessons - s.lessons;
  const shareGap = gap === 0 ? exact.bestMinShare - s.minShare : NaN;
  // What HiGHS proved decides the claims; an unfinished run proves only a lower bound on lessons.
  const proven = exact.status === "Optimal";
  const claims = s.upperBound >= exact.lessons &&
    (!proven || !s.optimal || s.lessons === exact.lessons) &&
    (!proven || s.bestMinShare === undefined || gap > 0 ||
      Math.abs(s.bestMinShare - exact.bestMinShare) < 1e-9);
  console.log(
    [
      JSON.stringify(options),
      valid ? "valid" : "INVALID",
      `lessons ${s.lessons}/${exact.lessons} (bound ${s.upperBound})`,
      `share ${s.minShare.toFixed(3)}/${exact.bestMinShare.toFixed(3)} (bound ${
        s.minShareBound.toFixed(3)
      })`,
      `claims ${claims ? "true" : "FALSE"}`,
      `${s.seconds.toFixed(2)} s / HiGHS ${exact.seconds.toFixed(1)} s ${exact.status}`,
    ].join(" | "),
  );
  const missed = exact.status === "Optimal" && (gap > 0 || shareGap > 1e-9);
  if (args.includes("--write") && missed && !seen.has(JSON.stringify(options))) {
    // The format exact_vs_highs.test.ts replays: "before" is the plan without the exact repair.
    const before = plan(instance, { exactRepair: false }).stats.lessons;
    known.push({
      options,
      optimum: { lessons: exact.lessons, bestMinShare: exact.bestMinShare },
      before: { lessons: before },
      reached: { lessons: s.lessons },
      closed: false,
    } as { options: unknown });
    seen.add(JSON.stringify(options));
    await Deno.writeTextFile(fixtures, JSON.stringify(known, null, 2) + "\n");
  }
}
