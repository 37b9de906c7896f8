/** Minimum-cost assignment (Hungarian method, O(n²m)) of n rows to distinct columns among m >= n. */

/** For each row the column it gets, minimising the summed cost; cost[r][c] may be large to forbid a pair. */
export function minCostAssignment(cost: number[][], columns: number): number[] {
  const n = cost.length, m = columns;
  // One flat typed array: the inner loop reads a row at a time (no array of arrays to follow).
  const flat = new Float64Array(n * m);
  for (let r = 0; r < n; r++) flat.set(cost[r].length === m ? cost[r] : cost[r].slice(0, m), r * m);
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
      const row = (i0 - 1) * m - 1, ui = u[i0];
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = flat[row + j] - ui - v[j];
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
