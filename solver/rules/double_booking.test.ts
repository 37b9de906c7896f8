// No rule file: nobody is booked twice in one hour because network.ts gives every instructor hour
// and every student hour an edge of capacity 1. These tests hold the planner and the referee
// (verify.ts) to it.
import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { monday, tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";

Deno.test("double booking: one instructor, two students, one common hour -> 1 lesson", () => {
  const instance = tiny({
    students: [{ available: monday("10:00", "11:00") }, { available: monday("10:00", "11:00") }],
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 1);
  const other = result.appointments[0].student === "S1" ? "S2" : "S1";
  const bad = {
    ...result,
    appointments: [...result.appointments, { ...result.appointments[0], student: other }],
  };
  assert.ok(
    verifyPlan(instance, bad).some((p) =>
      p.startsWith("instructor I1 2027-03-01T10:00 booked 2 times")
    ),
  );
});

Deno.test("double booking: a fixed appointment occupies its instructor hour", () => {
  const instance = tiny({
    students: [{ available: monday("10:00", "11:00") }, { available: monday("10:00", "11:00") }],
    fixed: [{ student: "S1", instructor: "I1", start: "2027-03-01T10:00", transmission: "manual" }],
  });
  assert.equal(plan(instance).appointments.length, 0);
});
