/** Dinic max-flow on an integer network that can be grown, re-capped and partly undone between runs. */

export class FlowNetwork {
  nodes = 0;
  /** Edges so far; the arrays below are longer (they grow by doubling). */
  edges = 0;
  // Typed arrays from the start, grown by doubling: the hot loops then see one array type only
  // (mixing plain and typed arrays in one field made every access polymorphic and slow).
  private head = new Int32Array(64).fill(-1);
  private next = new Int32Array(64);
  to = new Int32Array(64);
  cap = new Int32Array(64);
  flow = new Int32Array(64);
  /** Edges that may not take more flow (their flow can still be pushed back). */
  closed = new Uint8Array(64);
  private level = new Int32Array(0);
  private queue = new Int32Array(0);
  private iter = new Int32Array(0);

  /** Adds a node and returns its id. */
  addNode(): number {
    if (this.nodes === this.head.length) this.head = grown(this.head, -1);
    this.head[this.nodes] = -1;
    return this.nodes++;
  }

  /** Adds edge u -> v with capacity c and returns its id (the reverse edge is id ^ 1). */
  addEdge(u: number, v: number, c: number): number {
    const e = this.edges;
    if (e + 2 > this.to.length) {
      this.next = grown(this.next, 0);
      this.to = grown(this.to, 0);
      this.cap = grown(this.cap, 0);
      this.flow = grown(this.flow, 0);
      this.closed = grown(this.closed, 0);
    }
    this.to[e] = v;
    this.to[e + 1] = u;
    this.cap[e] = c;
    this.cap[e + 1] = 0;
    this.next[e] = this.head[u];
    this.next[e + 1] = this.head[v];
    this.head[u] = e;
    this.head[v] = e + 1;
    this.edges += 2;
    return e;
  }

  /** A copy of the flow, capacities and closed edges, for `restore`. */
  snapshot(): { flow: Int32Array; cap: Int32Array; closed: Uint8Array } {
    return { flow: this.flow.slice(), cap: this.cap.slice(), closed: this.closed.slice() };
  }

  /** Goes back to a snapshot taken after the last edge was added. */
  restore(state: { flow: Int32Array; cap: Int32Array; closed: Uint8Array }): void {
    this.flow = state.flow.slice();
    this.cap = state.cap.slice();
    this.closed = state.closed.slice();
  }

  private residual(e: number): number {
    return this.closed[e] ? 0 : this.cap[e] - this.flow[e];
  }

  /** Levels by distance from s over edges with residual capacity; false when t is out of reach. */
  private bfs(s: number, t: number): boolean {
    const level = this.level.fill(-1);
    const queue = this.queue.length === this.nodes
      ? this.queue
      : (this.queue = new Int32Array(this.nodes));
    const { head, next, to } = this;
    let qh = 0, qt = 0;
    level[s] = 0;
    queue[qt++] = s;
    while (qh < qt) {
      const u = queue[qh++];
      // Nodes at the sink's distance or beyond lie on no shortest path.
      if (level[t] >= 0 && level[u] >= level[t]) break;
      for (let e = head[u]; e !== -1; e = next[e]) {
        const v = to[e];
        if (level[v] < 0 && this.residual(e) > 0) {
          level[v] = level[u] + 1;
          queue[qt++] = v;
        }
      }
    }
    return level[t] >= 0;
  }

  /** Pushes up to `limit` from u to t along the level graph; returns how much went through. */
  private dfs(u: number, t: number, limit: number): number {
    if (u === t) return limit;
    const { iter, next, to, level, flow } = this;
    let sent = 0;
    for (let e = iter[u]; e !== -1; e = iter[u] = next[e]) {
      const v = to[e];
      if (level[v] !== level[u] + 1) continue;
      const r = this.residual(e);
      if (r <= 0) continue;
      const got = this.dfs(v, t, Math.min(limit - sent, r));
      if (got > 0) {
        flow[e] += got;
        flow[e ^ 1] -= got;
        sent += got;
        if (sent === limit) return sent; // this edge may have room left: keep iter on it
      } else level[v] = -1; // a dead end for this phase
    }
    return sent;
  }

  /** Augments the current flow to a maximum one; returns how much was added. */
  maxFlow(s: number, t: number): number {
    if (this.level.length !== this.nodes) {
      this.level = new Int32Array(this.nodes);
      this.iter = new Int32Array(this.nodes);
    }
    let total = 0;
    while (this.bfs(s, t)) {
      this.iter.set(this.head.subarray(0, this.nodes));
      for (let f = this.dfs(s, t, 1 << 30); f > 0; f = this.dfs(s, t, 1 << 30)) total += f;
    }
    return total;
  }

  /** Removes one unit of flow on a source-to-sink path through edge e (the network must be acyclic). */
  cancelThrough(e: number, s: number, t: number): void {
    this.push(e, -1);
    for (let u = this.to[e ^ 1]; u !== s;) {
      const back = this.findFlowEdge(u, true);
      this.push(back, -1);
      u = this.to[back ^ 1];
    }
    for (let v = this.to[e]; v !== t;) {
      const fwd = this.findFlowEdge(v, false);
      this.push(fwd, -1);
      v = this.to[fwd];
    }
  }

  private push(e: number, amount: number): void {
    this.flow[e] += amount;
    this.flow[e ^ 1] -= amount;
  }

  /** An edge with positive flow into (incoming) or out of u. */
  private findFlowEdge(u: number, incoming: boolean): number {
    for (let e = this.head[u]; e !== -1; e = this.next[e]) {
      if (incoming ? (e & 1) === 1 && this.flow[e ^ 1] > 0 : (e & 1) === 0 && this.flow[e] > 0) {
        return incoming ? e ^ 1 : e;
      }
    }
    throw new Error("flow is not conserved at node " + u);
  }
}

/** A copy of `a` twice as long, the new part filled with `fill`. */
function grown<T extends Int32Array | Uint8Array>(a: T, fill: number): T {
  const b = new (a.constructor as { new (n: number): T })(a.length * 2);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}
