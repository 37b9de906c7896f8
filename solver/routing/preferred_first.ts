/**
 * Routes the lessons again, preferred hours first. Once every student's number of lessons is
 * fixed, any flow with those numbers is as good for lessons and fairness; which hours it uses is
 * free. A max-flow restricted to the students' preferred hours, then completed over all hours,
 * puts far more lessons where students want them than the first flow, which knew nothing of
 * preferences; moving them there one by one is what the soft search is slowest at.
 */
import type { Model } from "../model.ts";
import { slot } from "../model.ts";
import type { LessonNetwork } from "../flow/network.ts";

/** Re-routes the network's flow preferred hours first; every student keeps their lessons. */
export function routePreferredHoursFirst(model: Model, network: LessonNetwork): void {
  const { net, source, sink } = network;
  const outside = network.lessons.filter((l) =>
    model.instance.students[l.student].preferred?.length &&
    !model.studentPreferred[l.student][slot(l.day, l.hour)] && !net.closed[l.edge]
  ).map((l) => l.edge);
  if (outside.length === 0) return;
  const before = net.flow.slice(), caps = net.cap.slice();
  let total = 0;
  for (const n of network.needEdges) {
    net.cap[n.edge] = net.flow[n.edge];
    total += net.flow[n.edge];
  }
  net.flow.fill(0);
  for (const e of outside) net.closed[e] = 1;
  let routed = net.maxFlow(source, sink);
  for (const e of outside) net.closed[e] = 0;
  routed += net.maxFlow(source, sink);
  // The old flow proves the total is reachable; should the new one fall short, keep the old.
  if (routed < total) net.flow = before;
  net.cap = caps;
}
