/** Minimum-cost assignment (Hungarian method, O(n²m)) of n rows to distinct columns among m >= n. */

/** For each row the column it gets, minimising the summed cost; cost[r][c] may be large to forbid a pair. */
export function minCostAssignment(cost: number[][], columns: number): number[] {
  const n = cost.length, m = columns;
  // One flat typed array: the inner loop reads a row at a time (no array of arrays to follow).
  const flat = new Float64Array(n * m);
  for (let r = 0; r < n; r++) flat.set(cost[r].length === m ? cost[r] : cost[r].slice(0, m), r * m);
  return denseAssignment(flat, n, m);
}

/**
 * minCostAssignment on a flat row-major n × m matrix. The textbook method (e-maxx's) walks the
 * columns twice per step: once to relax the new row and find the nearest column, once to shift
 * the distances by it. Here the shift of the unused columns waits for the next step's walk (or is
 * dropped when the row is done, its distances are reset), so each step walks the columns once;
 * every column sees the same operations in the same order, so the result is the textbook's, ties
 * included (assignment.test.ts compares them).
 */
export function denseAssignment(flat: Float64Array, n: number, m: number): number[] {
  const u = new Float64Array(n + 1), v = new Float64Array(m + 1);
  const owner = new Int32Array(m + 1), way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1), used = new Uint8Array(m + 1);
  const usedList = new Int32Array(m + 1);
  for (let r = 1; r <= n; r++) {
    owner[0] = r;
    let j0 = 0, nUsed = 0, pending = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      usedList[nUsed++] = j0;
      const i0 = owner[j0];
      let delta = Infinity, j1 = 0;
      const row = (i0 - 1) * m - 1, ui = u[i0];
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        let mv = minv[j] - pending;
        const cur = flat[row + j] - ui - v[j];
        if (cur < mv) (mv = cur, way[j] = j0);
        minv[j] = mv;
        if (mv < delta) (delta = mv, j1 = j);
      }
      for (let x = 0; x < nUsed; x++) {
        const j = usedList[x];
        (u[owner[j]] += delta, v[j] -= delta);
      }
      pending = delta;
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
