import assert from "node:assert/strict";
import { shareWithinLessons } from "./share_cap.ts";
import { monday, tiny } from "../testing/tiny.ts";

function school(needs: number[]) {
  return tiny({
    instructors: [{ work: monday("08:00", "15:00") }],
    students: needs.map((need) => ({
      needs: { manual: need, automatic: 0 },
      available: monday("08:00", "15:00"),
    })),
  });
}

Deno.test("share cap: a share the lessons pay for stays", () => {
  assert.equal(shareWithinLessons(school([2, 4]), 6, 1), 1);
  assert.equal(shareWithinLessons(school([2, 4]), 3, 0.5), 0.5);
});

Deno.test("share cap: fewer lessons than students with needs leave a lowest share of 0", () => {
  assert.equal(shareWithinLessons(school([1, 1, 1, 1]), 3, 1), 0);
});

Deno.test("share cap: the highest share every student can reach with the lessons", () => {
  // Needs 2 and 4, five lessons: share 1/2 costs 1 + 2 = 3, share 3/4 costs 2 + 3 = 5, share 1 costs 6.
  assert.equal(shareWithinLessons(school([2, 4]), 5, 1), 0.75);
  assert.equal(shareWithinLessons(school([2, 4]), 4, 1), 0.5);
  // Students without needs have no share.
  assert.equal(shareWithinLessons(school([0, 2, 4]), 4, 1), 0.5);
});
