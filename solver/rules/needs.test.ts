import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { needs } from "./needs.ts";

Deno.test("needs: never more than needed per transmission (B197: 2 manual + 1 automatic of 7 free days)", () => {
  const instance = tiny({
    days: 7,
    students: [{ licenseClass: "B197", needs: { manual: 2, automatic: 1 } }],
  });
  const result = plan(instance);
  const count = (t: string) => result.appointments.filter((a) => a.transmission === t).length;
  assert.deepEqual([count("manual"), count("automatic")], [2, 1]);
  assert.deepEqual(result.unplanned, []);
  const bad = {
    ...result,
    appointments: [...result.appointments, {
      ...result.appointments[0],
      start: "2027-03-07T09:00",
      transmission: "automatic" as const,
    }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.includes("needs 1")));
});

Deno.test("needs rule: the third manual lesson of a student who needs 2 does not fit; rows count kept lessons", () => {
  const instance = tiny({ days: 3, students: [{ needs: { manual: 2, automatic: 0 } }] });
  const model = buildModel(instance);
  const rule = needs.tracker(model);
  rule.add(lesson(0, 0, 0, 9));
  assert.equal(rule.fits(lesson(0, 0, 1, 9)), true);
  rule.add(lesson(0, 0, 1, 9));
  assert.equal(rule.fits(lesson(0, 0, 2, 9)), false);
  assert.equal(
    needs.violations(model, [lesson(0, 0, 0, 9), lesson(0, 0, 1, 9), lesson(0, 0, 2, 9)])[0]
      .message,
    "S1: 3 Fahrstunden Schaltwagen, Bedarf 2.",
  );
  const { rows } = rowsOf(instance, "sn", [lesson(0, 0, 0, 9)]);
  assert.deepEqual(rows.map((r) => [r.name, r.bound]), [["sn0_manual", { max: 1 }]]);
});
