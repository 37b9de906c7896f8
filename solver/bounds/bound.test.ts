import assert from "node:assert/strict";
import { bounds, hasBothTransmissions } from "./bound.ts";
import { parseInstance } from "../instance.ts";
import { buildModel } from "../model.ts";
import { plan } from "../plan.ts";
import { generateInstance } from "../testing/generate.ts";

const examples = new URL("../examples/", import.meta.url);
const load = (name: string) =>
  parseInstance(JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, examples))));

// The planner skips the merged relaxation where its plan already meets the split one; the
// figures it reports must still be those of both relaxations computed in full.
const cases = [
  ["mega", load("mega")],
  ["legendary", load("legendary")],
  ["gross, half B197", generateInstance({ shape: "gross", seed: 14, b197Share: 0.5 })],
  ["mittel, no B197", generateInstance({ shape: "mittel", seed: 12, b197Share: 0 })],
] as const;
for (const [label, instance] of cases) {
  Deno.test(`bounds: the plan reports both relaxations' figures (${label})`, () => {
    const full = bounds(buildModel(instance));
    const { stats } = plan(instance);
    assert.equal(stats.upperBound, full.upperBound);
    assert.equal(stats.minShareBound, full.minShareBound);
  });
}

Deno.test("bounds: the examples with B197 students do need the merged relaxation", () => {
  const instance = load("legendary");
  assert.ok(hasBothTransmissions(instance));
  const model = buildModel(instance);
  const splitOnly = bounds(model, undefined, { lessons: Infinity, minShare: 1 });
  assert.ok(bounds(model).upperBound < splitOnly.upperBound);
});
