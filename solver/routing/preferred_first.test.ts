import assert from "node:assert/strict";
import { lessonsFromFlow } from "../flow/assign.ts";
import { lessonCounts } from "../flow/fairness.ts";
import { buildModel } from "../model.ts";
import { buildNetwork } from "../flow/network.ts";
import { routePreferredHoursFirst } from "./preferred_first.ts";
import { tiny } from "../testing/tiny.ts";

Deno.test("preferred first: the same lessons per student, in their preferred hours where free", () => {
  // Two students, one instructor, Monday to Wednesday, one lesson per student and day. S1
  // prefers 14-15 on each day, S2 has no preference; both are free all day, so every one of S1's
  // three lessons fits into its window.
  const window = [1, 2, 3].map((day) => ({ day, start: "14:00", end: "15:00" }));
  const instance = tiny({
    days: 3,
    students: [
      { needs: { manual: 3, automatic: 0 }, preferred: window },
      { needs: { manual: 3, automatic: 0 } },
    ],
  });
  const model = buildModel(instance);
  const network = buildNetwork(model, "split");
  // Start from the worst route: every lesson outside the preferred hours.
  const inWindow = network.lessons.filter((l) => l.hour === 14).map((l) => l.edge);
  for (const e of inWindow) network.net.closed[e] = 1;
  network.net.maxFlow(network.source, network.sink);
  for (const e of inWindow) network.net.closed[e] = 0;
  assert.ok(inWindow.every((e) => network.net.flow[e] === 0));
  const before = lessonCounts(network);
  routePreferredHoursFirst(model, network);
  assert.deepEqual(lessonCounts(network), before);
  const hoursOfS1 = lessonsFromFlow(model, network).filter((l) => l.student === 0)
    .map((l) => l.hour);
  assert.deepEqual(hoursOfS1, [14, 14, 14]);
});
