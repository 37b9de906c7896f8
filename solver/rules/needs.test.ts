import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

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
