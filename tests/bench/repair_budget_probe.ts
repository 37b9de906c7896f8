/** Probe: plan() on one generated instance with a given exact-repair budget. JSON SECONDS */
import { plan } from "../../solver/plan.ts";
import { generateInstance } from "../../solver/testing/generate.ts";
const s = plan(generateInstance(JSON.parse(Deno.args[0])), {
  exactRepairSeconds: Number(Deno.args[1] ?? 2),
}).stats;
console.log(
  s.lessons,
  s.upperBound,
  s.exactDaysSolved,
  s.exactDaysImproved,
  s.exactDaysTimedOut,
  s.exactSeconds,
  s.seconds,
);
