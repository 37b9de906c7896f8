import assert from "node:assert/strict";
import { buildModel, slot } from "../model.ts";
import { buildNetwork } from "../flow/network.ts";
import { lessonRuns } from "../rules/break_after_hours.ts";
import { generateInstance } from "../testing/generate.ts";
import { bestRestriction, withRestrictedBreakWindows } from "./two_hour_breaks.ts";
import { unlimited } from "../work_budget.ts";

const twoHour = { minBreakMinutes: 90, breakAfterHours: 2 };

Deno.test("two-hour breaks: every shifted pattern leaves no run longer than the rule allows", () => {
  const model = buildModel(generateInstance({ shape: "klein", seed: 3, settings: twoHour }));
  const width = model.breakLimit + model.breakGap;
  for (let shift = 0; shift < width; shift++) {
    const restricted = withRestrictedBreakWindows(model, (i, d) => (shift + i + d) % width);
    restricted.instructorFree.forEach((free, i) => {
      for (let d = 0; d < model.days; d++) {
        const open = [...Array(24).keys()].filter((h) => free[slot(d, h)]);
        // Shift 0 leaves a short window at the start to the network's cap; shifted, every run
        // of open hours must be short enough by itself.
        if ((shift + i + d) % width === 0) continue;
        for (const run of lessonRuns(open, model.breakGap)) {
          assert.ok(run.length <= model.breakLimit, `shift ${shift}, ${i}/${d}: ${run}`);
        }
        for (const h of open) assert.equal(model.instructorFree[i][slot(d, h)], 1);
      }
    });
  }
});

Deno.test("two-hour breaks: shifted patterns let the lessons of HiGHS's optimum through (mittel seed 106)", () => {
  // HiGHS's proven optimum is 612 (tests/fixtures/planner_gaps.json); the pattern laid from the
  // end of the day for everyone admits at most 606.
  const model = buildModel(generateInstance({ shape: "mittel", seed: 106, settings: twoHour }));
  const flow = (m: typeof model) => {
    const network = buildNetwork(m, "merged");
    return network.net.maxFlow(network.source, network.sink);
  };
  assert.ok(flow(withRestrictedBreakWindows(model)) < 612);
  assert.equal(flow(bestRestriction(model, { work: unlimited() })), 612);
});
