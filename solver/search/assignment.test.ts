import assert from "node:assert/strict";
import { denseAssignment, minCostAssignment } from "./assignment.ts";

Deno.test("assignment: the cheapest permutation, not the greedy one", () => {
  // Greedy row by row takes column 0 for row 0 (cost 1) and pays 100 for row 1.
  assert.deepEqual(minCostAssignment([[1, 2], [1, 100]], 2), [1, 0]);
});

Deno.test("assignment: more columns than rows, a forbidden pair avoided", () => {
  const big = 1e9;
  assert.deepEqual(minCostAssignment([[big, 5, 1], [2, big, 1]], 3), [2, 0]);
});

/** The textbook Hungarian method (e-maxx), as the planner ran it before: the reference. */
function textbook(flat: Float64Array, n: number, m: number): number[] {
  const u = new Float64Array(n + 1), v = new Float64Array(m + 1);
  const owner = new Int32Array(m + 1), way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1), used = new Uint8Array(m + 1);
  for (let r = 1; r <= n; r++) {
    owner[0] = r;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = owner[j0];
      let delta = Infinity, j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = flat[(i0 - 1) * m + j - 1] - u[i0] - v[j];
        if (cur < minv[j]) (minv[j] = cur, way[j] = j0);
        if (minv[j] < delta) (delta = minv[j], j1 = j);
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) (u[owner[j]] += delta, v[j] -= delta);
        else minv[j] -= delta;
      }
      j0 = j1;
    } while (owner[j0] !== 0);
    do {
      const j1 = way[j0];
      owner[j0] = owner[j1];
      j0 = j1;
    } while (j0);
  }
  const result = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) if (owner[j] > 0) result[owner[j] - 1] = j - 1;
  return result;
}

/** Random matrices with few distinct costs (so many assignments tie) and forbidden pairs. */
function* matrices() {
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let trial = 0; trial < 400; trial++) {
    const n = 1 + Math.floor(next() * 40);
    const m = n + Math.floor(next() * 10), density = 0.05 + next() * 0.9;
    const flat = new Float64Array(n * m);
    for (let k = 0; k < n * m; k++) {
      flat[k] = next() < density ? Math.floor(next() * 4) - 1 + (next() < 0.3 ? 0.2 : 0) : 1e9;
    }
    // Mostly with the diagonal allowed (the soft search's day matrices), some without.
    if (trial % 5 !== 0) { for (let r = 0; r < n; r++) flat[r * m + r] = Math.floor(next() * 3); }
    yield { flat, n, m };
  }
}

Deno.test("assignment: one walk per step gives the textbook method's pairs, ties included", () => {
  for (const { flat, n, m } of matrices()) {
    assert.deepEqual(denseAssignment(flat, n, m), textbook(flat, n, m));
  }
});
