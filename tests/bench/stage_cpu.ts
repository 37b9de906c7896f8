/**
 * deno run -A tests/bench/stage_cpu.ts [example name | shape:seed:variant ...]: the CPU seconds of
 * each stage of plan() (this thread's, from /proc: what a stage costs whatever the machine's load),
 * one line per instance. Default: the example legendary and the generated legendary instances of
 * the gaps bench (seeds 1 and 2, every variant) and the school of 100 instructors and 1,000 students.
 */
import { type Instance, parseInstance } from "../../solver/instance.ts";
import { startRun } from "../../solver/stages/run.ts";
import { buildModelAndNetwork } from "../../solver/stages/01_model.ts";
import { upperBound } from "../../solver/stages/02_upper_bound.ts";
import { fairness } from "../../solver/stages/03_fairness.ts";
import { route } from "../../solver/stages/04_route.ts";
import { tighterBound } from "../../solver/stages/05_tighter_bound.ts";
import { closeGaps } from "../../solver/stages/06_exact_repair.ts";
import { softSearch } from "../../solver/stages/07_soft_search.ts";
import { pairDoubleLessons } from "../../solver/stages/07b_double_lessons.ts";
import { assignVehicles } from "../../solver/stages/08_vehicles.ts";
import { explainMissing } from "../../solver/stages/09_reasons.ts";
import { report } from "../../solver/stages/10_report.ts";
import { planSpecialDrives } from "../../solver/stages/00_special_drives.ts";
import { generateInstance, type GenerateOptions, VARIANTS } from "../../solver/testing/generate.ts";

/** CPU seconds of this thread (Linux). */
function cpuSeconds(): number {
  const f = Deno.readTextFileSync("/proc/thread-self/stat").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

function stageTimes(instance: Instance): Record<string, number> {
  const t: Record<string, number> = {};
  let last = cpuSeconds();
  const lap = (name: string) => {
    const now = cpuSeconds();
    t[name] = Math.round((now - last) * 100) / 100;
    last = now;
  };
  let inst = instance;
  if (instance.format === "fahrplan-instance/2") {
    inst = planSpecialDrives(instance).rest;
    lap("0");
  }
  const run = startRun(inst, {});
  const m = buildModelAndNetwork(run);
  lap("1");
  const b = upperBound(m);
  lap("2");
  const f = fairness(b);
  lap("3");
  const r = route(f);
  lap("4");
  const c = tighterBound(r);
  lap("5");
  const g = closeGaps(c);
  lap("6");
  const s = pairDoubleLessons(softSearch(g));
  lap("7");
  const v = assignVehicles(s);
  lap("8");
  const e = explainMissing(v);
  lap("9");
  report(e);
  lap("10");
  return t;
}

const args = Deno.args.length ? Deno.args : [
  "legendary",
  ...[1, 2].flatMap((seed) => Object.keys(VARIANTS).map((v) => `legendary:${seed}:${v}`)),
  "school",
];
for (const a of args) {
  let instance: Instance;
  if (a === "school") {
    instance = generateInstance({ shape: "legendary", seed: 7, size: [100, 1000] });
  } else if (a.includes(":")) {
    const [shape, seed, variant] = a.split(":");
    const options = {
      shape,
      seed: Number(seed) * 100 + shape.length,
      ...VARIANTS[variant],
    } as GenerateOptions;
    instance = generateInstance(options);
  } else {
    instance = parseInstance(
      JSON.parse(
        await Deno.readTextFile(new URL(`../../solver/examples/${a}.json`, import.meta.url)),
      ),
    );
  }
  const t = stageTimes(instance);
  const total = Object.values(t).reduce((x, y) => x + y, 0);
  console.log(
    `${a.padEnd(28)} total ${total.toFixed(2)} s CPU | ${
      Object.entries(t).map(([k, v]) => `${k}:${v.toFixed(2)}`).join(" ")
    }`,
  );
}
