/**
 * Probe: plan() on the five examples (legendary median of 5), this branch against the plan() of
 * main before the Lagrangian bound (solver/plan_before_tmp.ts, when present), alternating in one run.
 */
import { plan } from "../../solver/plan.ts";
import { parseInstance } from "../../solver/instance.ts";

const dir = new URL("../../solver/examples/", import.meta.url);
// A copy of an older plan.ts (e.g. `git show main:solver/plan.ts > solver/plan_before_tmp.ts`),
// imported by a computed path so that the probe type-checks without it.
let before: typeof plan | undefined;
const beforePath = ["../../solver/plan_before", "tmp.ts"].join("_");
try {
  before = (await import(beforePath)).plan;
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
    `ms now ${Math.round(median(times.now))} before ${
      before ? Math.round(median(times.before)) : "-"
    }`,
  );
}
