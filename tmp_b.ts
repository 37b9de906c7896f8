import { parseInstance } from "./solver/instance.ts";
import { buildModel } from "./solver/model.ts";
import { relaxationFlow } from "./solver/bound.ts";
for (const n of ["klein","mittel","gross","mega","legendary"]) {
  const inst = parseInstance(JSON.parse(Deno.readTextFileSync(`/work/shared/planner/instances/${n}.json`)));
  const m = buildModel(inst);
  const a = relaxationFlow(m, "split"); 
  const b = relaxationFlow(m, "merged"); 
  console.log(n, a.lessons, b.lessons);
}
