import assert from "node:assert/strict";
import { lessonsFromFlow } from "../flow/assign.ts";
import { bestMinShare } from "../flow/fairness.ts";
import { buildNetwork } from "../flow/network.ts";
import { buildModel } from "../model.ts";
import { lowestShareOf } from "../report/lowest_share.ts";
import { generateInstance, type GenerateOptions } from "../testing/generate.ts";
import { searchBreakPatterns } from "./break_patterns.ts";
import { fairerInBreakPatterns } from "./fair_patterns.ts";
import { labelTransmissionDays } from "./transmission_days.ts";
import { withRestrictedBreakWindows } from "./two_hour_breaks.ts";
import { unlimited, Work } from "../work_budget.ts";

const twoHour = { minBreakMinutes: 90, breakAfterHours: 2 };
const cases: GenerateOptions[] = [
  { shape: "klein", seed: 7, b197Share: 0.5, settings: twoHour },
  { shape: "mittel", seed: 406, settings: twoHour },
];

/** A plan's lessons routed for lessons alone (labels flipped wherever the max-flow grows). */
function labelledPlan(options: GenerateOptions) {
  const base = buildModel(generateInstance(options));
  const restricted = withRestrictedBreakWindows(base);
  const network = buildNetwork(restricted, "split");
  labelTransmissionDays(restricted, network, { work: unlimited() });
  return { base, start: lessonsFromFlow(restricted, network) };
}

for (const options of cases) {
  const label = JSON.stringify(options);

  Deno.test(`share kept: the search from a plan keeps its lowest share and its lessons (${label})`, () => {
    const { base, start } = labelledPlan(options);
    const share = lowestShareOf(base.instance, start);
    // A short budget: the search rarely meets the merged relaxation, so it runs to its end.
    const found = searchBreakPatterns(base, start, {
      work: new Work(3_000),
      floor: share,
    });
    // The plan itself lies in the choices it starts from, so nothing is missing below its share.
    assert.equal(found.deficit, 0, `${label}: every student at ${share}`);
    assert.ok(found.lessons >= start.length, `${found.lessons} >= ${start.length}`);
    // The twin's verdict is the network's own: its fairness probe reaches the share too.
    assert.ok(bestMinShare(found.network) >= share - 1e-9, `${label}: probe agrees`);
  });

  Deno.test(`fairer in allowed sets of hours: never fewer lessons, never a lower share, never above the relaxation (${label})`, () => {
    const { base, start } = labelledPlan(options);
    const bound = bestMinShare(buildNetwork(base, "split"));
    const before = lowestShareOf(base.instance, start);
    const fairer = fairerInBreakPatterns(base, start, {
      bound,
      target: start.length,
      work: new Work(3_000),
    });
    const after = lowestShareOf(base.instance, fairer);
    assert.ok(fairer.length >= start.length, `${fairer.length} >= ${start.length}`);
    assert.ok(after >= before - 1e-9, `${after} >= ${before}`);
    assert.ok(after <= bound + 1e-9, `${after} <= ${bound}`);
  });
}
