import assert from "node:assert/strict";
import { continuityLines, instructorShareLine, specialLine, summaryLine } from "./cli.ts";
import type { PlanStats } from "./plan_format.ts";

const base: PlanStats = {
  lessons: 412,
  upperBound: 412,
  optimal: true,
  lessonsGap: 0,
  timeLimitHit: false,
  minShare: 0.6,
  minShareBound: 0.6,
  bestMinShare: 0.6,
  shareStdDev: 0,
  avgInstructorsPerStudent: 1,
  instructorsPerMonth: 1,
  preferredTimesShare: 1,
  preferredInstructorShare: 1,
  workloadWithinTolerance: 1,
  minInstructorShare: 0.42,
  maxInstructorShare: 0.7149,
};

Deno.test("cli summary: says optimal only when proven", () => {
  assert.equal(
    summaryLine(base, 3, 0.25),
    "412 Fahrstunden, optimal (bewiesen); niedrigste Quote 60,0 % (bestmöglich, bewiesen); " +
      "3 offene Bedarfe, 0,25 s",
  );
});

Deno.test("cli summary: below the bound it names the gap and the share bound, nothing more", () => {
  const open = { ...base, upperBound: 415, optimal: false, lessonsGap: 3, minShareBound: 0.65 };
  delete open.bestMinShare;
  const line = summaryLine(open, 3, 0.25);
  assert.match(line, /^412 Fahrstunden, höchstens 3 Fahrstunden mehr möglich;/);
  assert.match(line, /niedrigste Quote 60,0 % \(höchstens 65,0 % möglich\)/);
  assert.doesNotMatch(line, /optimal|bestmöglich/);
  assert.match(
    summaryLine({ ...open, upperBound: 413, lessonsGap: 1 }, 0, 0.25),
    /höchstens 1 Fahrstunde mehr/,
  );
});

Deno.test("cli instructor shares: the lowest and the highest", () => {
  assert.equal(
    instructorShareLine(base),
    "Fahrlehrer-Auslastung: niedrigste 42,0 %, höchste 71,5 %",
  );
});

Deno.test("cli summary: says so where the time limit cut a search short", () => {
  assert.doesNotMatch(summaryLine(base, 3, 0.25), /Zeitlimit/);
  assert.match(summaryLine({ ...base, timeLimitHit: true }, 3, 9.5), /9,50 s; Zeitlimit erreicht$/);
});

Deno.test("cli continuity: the average and per student the Stammfahrlehrer and instructors per month", () => {
  const lines = continuityLines({
    stats: { ...base, instructorsPerMonth: 1.4166 },
    continuity: [
      { student: "S1", regularInstructor: "I2", regularShare: 0.75, instructorsPerMonth: 1.5 },
      { student: "S2", regularInstructor: null, regularShare: 0, instructorsPerMonth: 0 },
    ],
  });
  assert.deepEqual(lines, [
    "Fahrlehrer pro Monat (Mittel über Fahrschüler und Monate mit Fahrstunden): 1,42",
    "S1: Stammfahrlehrer I2 (75,0 % der Fahrstunden), Fahrlehrer pro Monat 1,50",
    "S2: keine Fahrstunden",
  ]);
});

Deno.test("cli: version 2 names the special drives planned and the units left open", () => {
  assert.equal(
    specialLine({ specialDrives: 12, specialUnitsMissing: 5 }),
    "Sonderfahrten: 12 geplant, 5 Einheiten (à 45 Min.) offen",
  );
});
