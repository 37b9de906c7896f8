import highsLoader from "highs";
import { parseInstance } from "./solver/instance.ts";
import { mipModel } from "./solver/mipModel.ts";
const highs = await highsLoader();
for (const n of Deno.args) {
  const inst = parseInstance(
    JSON.parse(Deno.readTextFileSync(`/work/shared/planner/instances/${n}.json`)),
  );
  const { lp, variables } = mipModel(inst);
  const t0 = performance.now();
  const res = highs.solve(lp, { time_limit: 120, mip_rel_gap: 0 } as any);
  console.log(
    n,
    variables,
    res.Status,
    res.ObjectiveValue,
    ((performance.now() - t0) / 1000).toFixed(1),
  );
}
