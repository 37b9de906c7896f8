import assert from "node:assert/strict";
import { continuityCost } from "../rules/continuity.ts";
import { preferredInstructorPenalty } from "../rules/preferred_instructor.ts";
import { StudentInstructorTally } from "./student_instructor_tally.ts";

/** The rules' own cost of one student's row, the reference the tally must match. */
function ruleCost(row: number[], preferred: number): number {
  return continuityCost(row, 80) + preferredInstructorPenalty(row, preferred, 60);
}

Deno.test("tally: every cost and every what-if matches the rules on the row", () => {
  const nI = 5, preferred = Int32Array.from([2, -1, 0]);
  const tally = new StudentInstructorTally(nI, preferred, 80, 60);
  const rows = [0, 1, 2].map(() => new Array(nI).fill(0));
  let x = 12345;
  const random = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  for (let step = 0; step < 3000; step++) {
    const s = random(3), i = random(nI);
    // Mostly additions, removals only of lessons that exist, so rows grow ties and shrink mains.
    const sign = rows[s][i] > 0 && random(3) === 0 ? -1 : 1;
    rows[s][i] += sign;
    tally.add(s, i, sign);
    for (let t = 0; t < 3; t++) {
      assert.equal(tally.cost(t), ruleCost(rows[t], preferred[t]));
      const minus = random(nI + 1) - 1, plus = random(nI + 1) - 1;
      if (minus >= 0 && rows[t][minus] === 0) continue;
      const after = [...rows[t]];
      if (minus >= 0) after[minus]--;
      if (plus >= 0) after[plus]++;
      assert.ok(
        Math.abs(tally.costAfter(t, minus, plus) - ruleCost(after, preferred[t])) < 1e-9,
        `student ${t}, -${minus} +${plus}, row ${rows[t]}`,
      );
    }
  }
});

Deno.test("tally: a new instructor costs what adding a lesson with any unused one costs", () => {
  const tally = new StudentInstructorTally(4, Int32Array.from([3]), 80, 60);
  tally.add(0, 0, 1);
  tally.add(0, 0, 1);
  tally.add(0, 1, 1);
  assert.equal(tally.costWithNewInstructor(0), tally.costAfter(0, -1, 2));
  const empty = new StudentInstructorTally(4, Int32Array.from([-1]), 80, 60);
  assert.equal(empty.costWithNewInstructor(0), empty.costAfter(0, -1, 1));
});
