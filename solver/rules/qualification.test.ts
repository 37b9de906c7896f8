import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { buildModel } from "../model.ts";
import { lesson, rowsOf } from "../testing/rule_probe.ts";
import { qualification } from "./qualification.ts";

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

Deno.test("qualification rule: a manual-only instructor fits manual lessons only, and has no automatic variables", () => {
  const instance = tiny({
    instructors: [{ transmissions: ["manual"] }],
    students: [{ licenseClass: "B197", needs: { manual: 1, automatic: 1 } }],
  });
  const model = buildModel(instance);
  const rule = qualification.tracker(model);
  assert.deepEqual([rule.fits(lesson(0, 0, 0, 9)), rule.fits(lesson(0, 0, 0, 9, "automatic"))], [
    true,
    false,
  ]);
  assert.equal(qualification.violations(model, [lesson(0, 0, 0, 9, "automatic")]).length, 1);
  // Matching rows exist only for manual hours: nobody could teach an automatic lesson.
  const { rows } = rowsOf(instance, "m0_");
  assert.equal(rows.length, 12);
  assert.ok(rows.every((r) => r.name.endsWith("_manual")));
});
