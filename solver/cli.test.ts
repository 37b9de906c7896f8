import assert from "node:assert/strict";
import { summaryLine } from "./cli.ts";
import type { PlanStats } from "./plan_format.ts";

const base: PlanStats = {
  lessons: 412,
  upperBound: 412,
  optimal: true,
  lessonsGap: 0,
  seconds: 0.25,
  minShare: 0.6,
  minShareBound: 0.6,
  bestMinShare: 0.6,
  shareStdDev: 0,
  avgInstructorsPerStudent: 1,
  preferredTimesShare: 1,
  preferredInstructorShare: 1,
  workloadWithinTolerance: 1,
};

Deno.test("cli summary: says optimal only when proven", () => {
  assert.equal(
    summaryLine(base, 3),
    "412 Fahrstunden, optimal (bewiesen); niedrigste Quote 60,0 % (bestmöglich, bewiesen); " +
      "3 offene Bedarfe, 0,25 s",
  );
});

Deno.test("cli summary: below the bound it names the gap and the share bound, nothing more", () => {
  const open = { ...base, upperBound: 415, optimal: false, lessonsGap: 3, minShareBound: 0.65 };
  delete open.bestMinShare;
  const line = summaryLine(open, 3);
  assert.match(line, /^412 Fahrstunden, höchstens 3 Fahrstunden mehr möglich;/);
  assert.match(line, /niedrigste Quote 60,0 % \(höchstens 65,0 % möglich\)/);
  assert.doesNotMatch(line, /optimal|bestmöglich/);
  assert.match(
    summaryLine({ ...open, upperBound: 413, lessonsGap: 1 }, 0),
    /höchstens 1 Fahrstunde mehr/,
  );
});
