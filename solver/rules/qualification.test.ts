import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

Deno.test("qualification: an automatic student gets no lesson from a manual-only instructor, and the reason says so", () => {
  const instance = tiny({
    instructors: [{ transmissions: ["manual"] }],
    students: [{ licenseClass: "B78", needs: { manual: 0, automatic: 3 } }],
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 0);
  assert.deepEqual(result.unplanned, [{
    student: "S1",
    transmission: "automatic",
    missing: 3,
    reason: "Keine gemeinsame freie Stunde mit einem Fahrlehrer mit Automatik-Qualifikation.",
  }]);
  const bad = {
    ...result,
    appointments: [{
      student: "S1",
      instructor: "I1",
      start: "2027-03-01T10:00",
      transmission: "automatic" as const,
    }],
  };
  assert.ok(verifyPlan(instance, bad).some((p) => p.includes("not qualified")));
});
