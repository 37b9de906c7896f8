/**
 * "Betroffene neu planen" changes as little as possible (issue 25, point 3): the same instructor
 * at another hour of the same week first, then another instructor at the original hour, and only
 * then the planner's later weeks. The whole pure path of the worker runs here: the re-planning
 * instance, the nearby step, the planner over the rest and the matching back.
 */
import { assertEquals } from "../../api/testing/assert.ts";
import { type Instance, instanceSchema } from "../instance.ts";
import { plan } from "../plan.ts";
import type { BuiltInstance } from "./build_instance.ts";
import { adjustForReplan, type AffectedLesson, matchReplan, type ReplanInput } from "./replan.ts";
import { placeNearby } from "./replan_nearby.ts";
import type { PlanResult } from "./write_plan.ts";

const weekdays = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

/** Two instructors and a student, Mon 07.12.2026 to Sun 20.12.; I1 teaches S11 all Monday. */
function built(
  studentAbsent: string | null,
  instructorAbsent: { from: string; to: string } | null,
): BuiltInstance {
  const instance = {
    format: "fahrplan-instance/1",
    start: "2026-12-07",
    days: 14,
    instructors: ["I1", "I2"].map((id) => ({
      id,
      transmissions: ["manual"],
      work: weekdays("08:00", "18:00"),
      ...(instructorAbsent && id === "I1" ? { absences: [instructorAbsent] } : {}),
    })),
    students: ["S10", "S11"].map((id) => ({
      id,
      licenseClass: "B",
      needs: { manual: 5, automatic: 0 },
      available: weekdays("08:00", "18:00"),
      ...(studentAbsent && id === "S10"
        ? { absences: [{ from: studentAbsent, to: studentAbsent }] }
        : {}),
    })),
    vehicles: [{ id: "V5", transmission: "manual" }, { id: "V6", transmission: "manual" }],
    fixed: [
      ...[8, 9, 10, 11, 13, 14, 15, 16].map((h) => ({
        student: "S11",
        instructor: "I1",
        vehicle: "V6",
        start: `2026-12-07T${String(h).padStart(2, "0")}:00`,
        transmission: "manual",
      })),
      {
        student: "S10",
        instructor: "I1",
        vehicle: "V5",
        start: "2026-12-08T10:00",
        transmission: "manual",
      },
    ],
  } as unknown as Instance;
  return {
    instance,
    studentNames: new Map(),
    instructorNames: new Map(),
    appointmentsBefore: 9,
    studentsWithFixed: new Set(["S10", "S11"]),
  };
}

const affected: AffectedLesson = {
  id: 1,
  studentId: 10,
  instructorId: 1,
  vehicleId: 5,
  transmission: "manual",
  status: "confirmed",
  start: "2026-12-08T10:00",
  end: "2026-12-08T11:00",
  studentName: "Sara",
  instructorName: "Ines",
};
const input: ReplanInput = {
  lessons: [affected],
  instructorNames: new Map([[1, "Ines"], [2, "Otto"]]),
};

/** The worker's pure path: re-planning instance, nearby step, planner over the rest, matching. */
function replan(b: BuiltInstance) {
  adjustForReplan(b, input);
  const nearby = placeNearby(b, input);
  const result = plan(instanceSchema.parse(b.instance)) as unknown as PlanResult;
  return matchReplan(b, result, input, nearby);
}

Deno.test("the student is ill on Tuesday: the same instructor on the closest free day of the week, same hour", () => {
  const { moves, cancels } = replan(built("2026-12-08", null));
  assertEquals(cancels, []);
  // Monday I1 is fully booked; Wednesday 10:00 is the nearest change with the same instructor.
  assertEquals(
    moves.map((m) => [m.new_start, m.new_instructor_name, m.vehicle_id]),
    [["2026-12-09T10:00", "Ines", 5]],
  );
});

Deno.test("the instructor is ill all week: another instructor at the original hour", () => {
  const { moves } = replan(built(null, { from: "2026-12-07", to: "2026-12-13" }));
  assertEquals(moves.map((m) => [m.new_start, m.new_instructor_name]), [[
    "2026-12-08T10:00",
    "Otto",
  ]]);
});
