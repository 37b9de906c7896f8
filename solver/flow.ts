/** Dinic max-flow on an integer network that can be grown, re-capped and partly undone between runs. */

export class FlowNetwork {
  nodes = 0;
  private head: number[] | Int32Array = [];
  private next: number[] | Int32Array = [];
  to: number[] | Int32Array = [];
  cap: number[] | Int32Array = [];
  flow: number[] | Int32Array = [];
  /** Edges that may not take more flow (their flow can still be pushed back). */
  closed: number[] | Uint8Array = [];
  private frozen = false;
  private level = new Int32Array(0);
  private queue = new Int32Array(0);
  private iter = new Int32Array(0);

  /** Adds a node and returns its id. */
  addNode(): number {
    this.thaw();
    (this.head as number[]).push(-1);
    return this.nodes++;
  }

  /** Adds edge u -> v with capacity c and returns its id (the reverse edge is id ^ 1). */
  addEdge(u: number, v: number, c: number): number {
    this.thaw();
    const e = this.to.length;
    (this.to as number[]).push(v, u);
    (this.cap as number[]).push(c, 0);
    (this.flow as number[]).push(0, 0);
    (this.closed as number[]).push(0, 0);
    (this.next as number[]).push(this.head[u], this.head[v]);
    this.head[u] = e;
    this.head[v] = e + 1;
    return e;
  }

  /** Typed arrays once the network stands: several times faster in the hot loops. */
  private freeze(): void {
    if (this.frozen) return;
    this.head = Int32Array.from(this.head);
    this.next = Int32Array.from(this.next);
    this.to = Int32Array.from(this.to);
    this.cap = Int32Array.from(this.cap);
    this.flow = Int32Array.from(this.flow);
    this.closed = Uint8Array.from(this.closed);
    this.frozen = true;
  }

  private thaw(): void {
    if (!this.frozen) return;
    this.head = Array.from(this.head);
    this.next = Array.from(this.next);
    this.to = Array.from(this.to);
    this.cap = Array.from(this.cap);
    this.flow = Array.from(this.flow);
    this.closed = Array.from(this.closed);
    this.frozen = false;
  }

  private residual(e: number): number {
    return this.closed[e] ? 0 : this.cap[e] - this.flow[e];
  }

  private bfs(s: number, t: number): boolean {
    const level = this.level.fill(-1);
    const queue = this.queue.length === this.nodes
      ? this.queue
      : (this.queue = new Int32Array(this.nodes));
    let qh = 0, qt = 0;
    level[s] = 0;
    queue[qt++] = s;
    while (qh < qt) {
      const u = queue[qh++];
      for (let e = this.head[u]; e !== -1; e = this.next[e]) {
        const v = this.to[e];
        if (level[v] < 0 && this.residual(e) > 0) {
          level[v] = level[u] + 1;
          queue[qt++] = v;
        }
      }
    }
    return level[t] >= 0;
  }

  private dfs(u: number, t: number, pushed: number): number {
    if (u === t) return pushed;
    for (let e = this.iter[u]; e !== -1; e = this.iter[u] = this.next[e]) {
      const v = this.to[e];
      const r = this.residual(e);
      if (r > 0 && this.level[v] === this.level[u] + 1) {
        const got = this.dfs(v, t, Math.min(pushed, r));
        if (got > 0) {
          this.flow[e] += got;
          this.flow[e ^ 1] -= got;
          return got;
        }
      }
    }
    return 0;
  }

  /** Augments the current flow to a maximum one; returns how much was added. */
  maxFlow(s: number, t: number): number {
    this.freeze();
    if (this.level.length !== this.nodes) {
      this.level = new Int32Array(this.nodes);
      this.iter = new Int32Array(this.nodes);
    }
    let total = 0;
    while (this.bfs(s, t)) {
      for (let u = 0; u < this.nodes; u++) this.iter[u] = this.head[u];
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

  /** Outgoing forward edges of u. */
  *outEdges(u: number): Generator<number> {
    for (let e = this.head[u]; e !== -1; e = this.next[e]) if ((e & 1) === 0) yield e;
  }
}
