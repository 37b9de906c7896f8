/**
 * What the Ausbildung (issue 22) costs on the five example shapes: each example as it is
 * (version 1), the same with evening hours until 21:00 as version 2 without special drives, and
 * with every student's class-B special drives (5/4/3 units) released, a fifth with an exam on day
 * 12, lessons of 45 minutes. Prints lessons, bound, special drives planned and the seconds of each
 * (median of `--runs`, default 3), and stage 0's own seconds.
 *
 *   deno run -A tests/bench/ausbildung_cost.ts [--runs 3] [klein mittel ...]
 */
import { parseInstance } from "../../solver/instance.ts";
import { timedPlan } from "../../solver/plan.ts";
import { planSpecialDrives } from "../../solver/stages/00_special_drives.ts";
import { withTraining } from "../../solver/testing/ausbildung.ts";
import { verifyPlan } from "../../solver/verify.ts";

const args = [...Deno.args];
const at = args.indexOf("--runs");
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 3;
const shapes = args.length ? args : ["klein", "mittel", "gross", "mega", "legendary"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const shape of shapes) {
  const url = new URL(`../../solver/examples/${shape}.json`, import.meta.url);
  const v1 = parseInstance(JSON.parse(await Deno.readTextFile(url)));
  const evening = withTraining(v1, {
    eveningUntil: 21,
    special: { overland: 0, highway: 0, night: 0 },
  });
  const full = withTraining(v1, { eveningUntil: 21, examEvery: 5, examDay: 12, lessonMinutes: 45 });
  for (
    const [name, inst] of [["v1", v1], ["v2 Abend", evening], ["v2 Ausbildung", full]] as const
  ) {
    const seconds: number[] = [];
    let last;
    for (let r = 0; r < runs; r++) {
      last = timedPlan(inst);
      seconds.push(last.timing.seconds);
    }
    const p = last!.plan;
    const problems = verifyPlan(inst, p).length;
    console.log(
      `${shape.padEnd(10)} ${name.padEnd(14)} ${String(p.stats.lessons).padStart(5)} / ` +
        `${String(p.stats.upperBound).padStart(5)} Fahrstunden, ${
          String(p.stats.specialDrives ?? 0).padStart(4)
        } Sonderfahrten, ${median(seconds).toFixed(2)} s${
          problems ? `, ${problems} VERSTÖSSE` : ""
        }`,
    );
  }
  const stage0: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    planSpecialDrives(full);
    stage0.push((performance.now() - t0) / 1000);
  }
  console.log(`${shape.padEnd(10)} Stufe 0 allein: ${median(stage0).toFixed(2)} s`);
}
