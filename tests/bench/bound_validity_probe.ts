/**
 * Probe: the bounds of stage 5's second step (bounds/unusable_hours.ts, the Lagrangian bound
 * started at either side's cut) searched to their end (no early stop at a plan) against HiGHS's
 * proven optimum on every recorded instance: tests/fixtures/planner_optima.json,
 * tests/fixtures/planner_gaps.json, or with --ausbildung instead the generator's `ausbildung`
 * variant of every shape, seeds 1 and 2 (HiGHS run here, 300 s each at most; where it stops early
 * its best plan is the figure no bound may fall below). A bound below the optimum is printed as BELOW and
 * the probe exits with 1.
 * deno run -A tests/bench/bound_validity_probe.ts [--ausbildung] [--only SHAPE]
 */
import { buildModel } from "../../solver/model.ts";
import { relaxationFlow } from "../../solver/bounds/bound.ts";
import { lagrangeBound } from "../../solver/bounds/lagrange_bound.ts";
import { withUnusableHoursClosed } from "../../solver/bounds/unusable_hours.ts";
import { planSpecialDrives } from "../../solver/stages/00_special_drives.ts";
import { generateInstance, type GenerateOptions, VARIANTS } from "../../solver/testing/generate.ts";
import { exactBounds } from "./highs_peer.ts";

const read = (name: string) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const only = Deno.args.includes("--only") ? Deno.args[Deno.args.indexOf("--only") + 1] : null;
const ausbildung = Deno.args.includes("--ausbildung");
const cases: { options: GenerateOptions; optimum: number | null }[] = ausbildung ? [] : [
  ...read("planner_optima.json").map((o: { options: GenerateOptions; lessons: number }) => ({
    options: o.options,
    optimum: o.lessons,
  })),
  ...read("planner_gaps.json").map((
    g: { options: GenerateOptions; optimum: { lessons: number } },
  ) => ({
    options: g.options,
    optimum: g.optimum?.lessons ?? null,
  })),
];
if (ausbildung) {
  for (const shape of ["klein", "mittel", "gross", "mega", "legendary"]) {
    for (const seed of [1, 2]) {
      cases.push({
        options: {
          shape,
          seed: seed * 100 + shape.length,
          ...VARIANTS.ausbildung,
        } as GenerateOptions,
        optimum: null,
      });
    }
  }
}
let below = 0, tight = 0;
for (const { options, optimum: recorded } of cases) {
  if (only && options.shape !== only) continue;
  const instance = generateInstance(options);
  let optimum = recorded;
  let highs = "";
  if (optimum === null) {
    const exact = await exactBounds(instance, { timeLimit: 300 });
    optimum = Math.round(exact.lessons.incumbent);
    highs = ` HiGHS ${exact.lessons.status} ${exact.lessons.incumbent}/${exact.lessons.bound}`;
  }
  const ordinary = instance.format === "fahrplan-instance/2"
    ? planSpecialDrives(instance).rest
    : instance;
  const model = buildModel(ordinary);
  const { model: closed, closed: hours } = withUnusableHoursClosed(model);
  const figures = {
    split: relaxationFlow(closed, "split").lessons,
    merged: relaxationFlow(closed, "merged").lessons,
    lagrangeSplit: lagrangeBound(closed, { reached: 0 }).upperBound,
    lagrangeMerged: lagrangeBound(closed, { reached: 0, start: "merged" }).upperBound,
  };
  const least = Math.min(...Object.values(figures));
  if (least < optimum) below++;
  if (least === optimum) tight++;
  console.log(
    `${least < optimum ? "BELOW " : ""}${JSON.stringify(options)} optimum ${optimum}${highs}` +
      ` closed hours ${hours} ${JSON.stringify(figures)}`,
  );
}
console.log(`below the optimum: ${below}; tight: ${tight}`);
if (below) Deno.exit(1);
