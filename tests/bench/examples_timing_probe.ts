/**
 * Probe: plan() on the five examples (legendary median of 5), this branch against the plan() of
 * main before the Lagrangian bound (solver/plan_before_tmp.ts, when present), alternating in one run.
 */
import { plan } from "../../solver/plan.ts";
import { parseInstance } from "../../solver/instance.ts";

const dir = new URL("../../solver/examples/", import.meta.url);
// deno-lint-ignore no-explicit-any
let before: typeof plan | undefined;
try {
  before = (await import("../../solver/plan_before_tmp.ts")).plan;
} catch {
  before = undefined;
}
const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json"));
for (const name of names.sort()) {
  const instance = parseInstance(JSON.parse(Deno.readTextFileSync(new URL(name, dir))));
  const runs = name.includes("legendary") ? 5 : 1;
  const times: Record<string, number[]> = { now: [], before: [] };
  let s;
  for (let k = 0; k < runs; k++) {
    let t = performance.now();
    s = plan(instance).stats;
    times.now.push(performance.now() - t);
    if (before) {
      t = performance.now();
      before(instance);
      times.before.push(performance.now() - t);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    name,
    `lessons ${s!.lessons} bound ${s!.upperBound} optimal ${s!.optimal}`,
    `lagrange evaluations ${s!.lagrangeEvaluations}`,
    `ms now ${Math.round(median(times.now))} before ${before ? Math.round(median(times.before)) : "-"}`,
  );
}
