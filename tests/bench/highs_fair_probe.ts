/** Probe: HiGHS's optimum and best lowest share at it for generated instances given as JSON args. */
import { generateInstance } from "../../solver/testing/generate.ts";
import { exactOptimum } from "./highs_peer.ts";
for (const arg of Deno.args) {
  const exact = await exactOptimum(generateInstance(JSON.parse(arg)), {
    fairness: true,
    timeLimit: 120,
  });
  console.log(arg, JSON.stringify(exact));
}
