/** Probe: plan() on each fixture of tests/fixtures/planner_gaps.json; lessons, bounds, shares, time. */
import { plan } from "../../solver/plan.ts";
import { generateInstance } from "../../solver/testing/generate.ts";
const gaps = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/planner_gaps.json", import.meta.url)),
);
for (const g of gaps) {
  if (Deno.args[0] && !JSON.stringify(g.options).includes(Deno.args[0])) continue;
  const s = plan(generateInstance(g.options)).stats;
  console.log(
    JSON.stringify(g.options),
    "lessons",
    s.lessons,
    "bound",
    s.upperBound,
    "opt",
    g.optimum?.lessons,
    "minShare",
    s.minShare.toFixed(4),
    "shareBound",
    s.minShareBound.toFixed(4),
    "best",
    s.bestMinShare?.toFixed(4),
    "highsShare",
    g.optimum?.bestMinShare?.toFixed(4),
    "s",
    s.seconds,
  );
}
