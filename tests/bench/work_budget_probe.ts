/**
 * deno run -A tests/bench/work_budget_probe.ts [--budget name=value ...]: every replayed fixture
 * (tests/fixtures/planner_gaps.json, and the mittel entries of planner_optima.json) planned with
 * the work budgets (solver/work_budget.ts, or the ones given), one line each: the work each search
 * spent against its budget and whether the plan meets the recorded optimum and best share. For
 * sizing the budgets: a search whose figure equals its budget stopped on it.
 */
import { type PlanOptions, timedPlan } from "../../solver/plan.ts";
import { generateInstance, type GenerateOptions } from "../../solver/testing/generate.ts";
import { WORK_BUDGET } from "../../solver/work_budget.ts";

const budget: PlanOptions["workBudget"] = {};
for (let k = 0; k < Deno.args.length; k++) {
  if (Deno.args[k] !== "--budget") continue;
  const [name, value] = Deno.args[++k].split("=");
  if (!(name in WORK_BUDGET)) throw new Error(`unknown budget ${name}`);
  (budget as Record<string, number>)[name] = Number(value);
}
const read = (file: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../fixtures/${file}`, import.meta.url)));
type Entry = { options: GenerateOptions; lessons: number; bestMinShare?: number };
const gaps: Entry[] = read("planner_gaps.json")
  .filter((g: { closed: boolean; optimum: unknown }) => g.closed && g.optimum)
  .map((g: { options: GenerateOptions; optimum: { lessons: number; bestMinShare?: number } }) => ({
    options: g.options,
    ...g.optimum,
  }));
const optima: Entry[] = read("planner_optima.json").filter((o: Entry) =>
  o.options.shape === "mittel"
);
/** CPU seconds of this thread (Linux), so the figures mean the same on a loaded machine. */
const cpu = () => {
  const f = Deno.readTextFileSync("/proc/thread-self/stat").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
let misses = 0;
for (const e of [...gaps, ...optima]) {
  const instance = generateInstance(e.options);
  const c0 = cpu();
  const { plan, timing } = timedPlan(instance, { workBudget: budget });
  const cpuSeconds = cpu() - c0;
  const s = plan.stats;
  const atOptimum = s.lessons === e.lessons;
  const best = e.bestMinShare === undefined || Math.abs(s.minShare - e.bestMinShare) < 1e-9;
  if (!atOptimum || !best) misses++;
  console.log(
    [
      JSON.stringify(e.options),
      `lessons ${s.lessons}/${e.lessons}`,
      `share ${best ? "best" : `${s.minShare} < ${e.bestMinShare}`}`,
      `restriction ${(Number(s.restrictionEdges) / 1e6).toFixed(1)}M`,
      `patterns ${(Number(s.patternEdges) / 1e6).toFixed(1)}M`,
      `lagrange ${s.lagrangeEvaluations}`,
      `exact ${s.exactDaysSolved}/${s.exactDaysImproved}/${s.exactDaysTimedOut}`,
      `${timing.seconds} s (cpu ${cpuSeconds.toFixed(2)} s)`,
    ].join(" | "),
  );
}
console.log(`${misses} below the optimum or the best share`);
