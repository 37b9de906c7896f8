/** Probe: plan() on the five examples, legendary median of 5, with and without the exact repair. */
import { plan } from "../../solver/plan.ts";
import { parseInstance } from "../../solver/instance.ts";
const dir = new URL("../../solver/examples/", import.meta.url);
for (
  const e of [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json")).map((e) => e.name)
    .sort()
) {
  const instance = parseInstance(JSON.parse(Deno.readTextFileSync(new URL(e, dir))));
  for (const exactRepair of [true, false]) {
    const times: number[] = [];
    let s;
    for (let k = 0; k < (e.includes("legendary") ? 5 : 1); k++) {
      const t = performance.now();
      s = plan(instance, { exactRepair }).stats;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      e,
      "exact",
      exactRepair,
      "lessons",
      s!.lessons,
      "bound",
      s!.upperBound,
      "optimal",
      s!.optimal,
      "best",
      s!.bestMinShare,
      "ms",
      Math.round(times[times.length >> 1]),
    );
  }
}
