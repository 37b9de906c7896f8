import assert from "node:assert/strict";
import { FlowNetwork } from "./flow.ts";

/** Source, sink and two middle nodes: max-flow 5, known by hand (cut {s,a,b} -> t is 2 + 3). */
function diamond(): { net: FlowNetwork; s: number; t: number; sToA: number; aToT: number } {
  const net = new FlowNetwork();
  const s = net.addNode(), t = net.addNode(), a = net.addNode(), b = net.addNode();
  const sToA = net.addEdge(s, a, 3);
  net.addEdge(s, b, 2);
  net.addEdge(a, b, 1);
  const aToT = net.addEdge(a, t, 2);
  net.addEdge(b, t, 3);
  return { net, s, t, sToA, aToT };
}

Deno.test("flow: the max-flow of a small network equals its min cut", () => {
  const { net, s, t } = diamond();
  assert.equal(net.maxFlow(s, t), 5);
  assert.equal(net.maxFlow(s, t), 0); // already maximal: nothing more to add
});

Deno.test("flow: the network grows past its first arrays and after a run", () => {
  const net = new FlowNetwork();
  const s = net.addNode(), t = net.addNode();
  // 200 parallel paths: well beyond the 64 slots the arrays start with.
  for (let k = 0; k < 200; k++) {
    const m = net.addNode();
    net.addEdge(s, m, 1);
    net.addEdge(m, t, 1);
  }
  assert.equal(net.maxFlow(s, t), 200);
  const m = net.addNode();
  net.addEdge(s, m, 5);
  net.addEdge(m, t, 4);
  assert.equal(net.maxFlow(s, t), 4);
  assert.equal(net.edges, 2 * (400 + 2));
});

Deno.test("flow: a closed edge takes no more flow, and a raised capacity is used on the next run", () => {
  const { net, s, t } = diamond();
  const extra = net.addEdge(s, t, 1);
  net.closed[extra] = 1;
  assert.equal(net.maxFlow(s, t), 5);
  net.closed[extra] = 0;
  net.cap[extra] = 2;
  assert.equal(net.maxFlow(s, t), 2);
});

Deno.test("flow: cancelling through an edge removes one unit along a whole path", () => {
  const { net, s, t, sToA, aToT } = diamond();
  net.maxFlow(s, t);
  const throughA = net.flow[sToA];
  net.cancelThrough(aToT, s, t);
  assert.equal(net.flow[aToT], 1);
  // The unit came out of the source through a: one less flows from s and none more anywhere.
  assert.equal(net.flow[sToA], throughA - 1);
  assert.equal(net.maxFlow(s, t), 1);
});
