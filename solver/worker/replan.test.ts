/** The pure parts of a re-planning: adjusting the built instance and matching the plan back. */
import { assertEquals } from "../../api/testing/assert.ts";
import type { BuiltInstance } from "./build_instance.ts";
import { adjustForReplan, type AffectedLesson, matchReplan, type ReplanInput } from "./replan.ts";
import type { PlanResult } from "./write_plan.ts";

function lesson(over: Partial<AffectedLesson>): AffectedLesson {
  return {
    id: 1,
    studentId: 10,
    instructorId: 1,
    vehicleId: 5,
    transmission: "manual",
    status: "confirmed",
    start: "2026-12-07T10:00",
    end: "2026-12-07T11:00",
    studentName: "Sara",
    instructorName: "Ines",
    ...over,
  };
}

function built(): BuiltInstance {
  return {
    instance: {
      start: "2026-12-07",
      days: 30,
      instructors: [{ id: "I1" }, { id: "I2" }],
      students: [
        { id: "S10", needs: { manual: 7, automatic: 0 } },
        { id: "S11", needs: { manual: 0, automatic: 3 } },
        { id: "S12", needs: { manual: 4, automatic: 0 } },
      ],
      fixed: [
        {
          student: "S10",
          instructor: "I1",
          vehicle: "V5",
          start: "2026-12-07T10:00",
          transmission: "manual",
        },
        {
          student: "S10",
          instructor: "I1",
          vehicle: "V5",
          start: "2026-12-09T10:00",
          transmission: "manual",
        },
        {
          student: "S11",
          instructor: "I2",
          vehicle: "V6",
          start: "2026-12-07T10:00",
          transmission: "automatic",
        },
      ],
    },
    studentNames: new Map(),
    instructorNames: new Map(),
    appointmentsBefore: 3,
    studentsWithFixed: new Set(["S10", "S11"]),
  };
}

const input: ReplanInput = {
  lessons: [
    lesson({ id: 1 }),
    lesson({ id: 2, start: "2026-12-08T10:00", end: "2026-12-08T11:00" }),
    lesson({
      id: 3,
      studentId: 11,
      instructorId: 2,
      transmission: "automatic",
      studentName: "Tim",
    }),
    lesson({ id: 4, studentId: 99, studentName: "Inaktiv" }),
  ],
  instructorNames: new Map([[1, "Ines"], [2, "Otto"]]),
};

Deno.test("the replan instance frees the affected lessons and plans only them", () => {
  const b = built();
  adjustForReplan(b, input);
  // Lesson 2 (2026-12-08) was never fixed; lesson 1 and 3 leave `fixed`, the other one stays.
  assertEquals(b.instance.fixed.map((f) => `${f.student} ${f.start}`), ["S10 2026-12-09T10:00"]);
  assertEquals(
    b.instance.students.map((
      s,
    ) => [s.id, s.needs, (s as { preferredInstructor?: string }).preferredInstructor]),
    [
      ["S10", { manual: 2, automatic: 0 }, "I1"],
      ["S11", { manual: 0, automatic: 1 }, "I2"],
      ["S12", { manual: 0, automatic: 0 }, undefined],
    ],
  );
});

Deno.test("new lessons go to the affected ones in time order; the rest is cancelled with a reason", () => {
  const b = built();
  adjustForReplan(b, input);
  const plan: PlanResult = {
    appointments: [
      {
        student: "S10",
        instructor: "I2",
        vehicle: "V7",
        start: "2026-12-15T09:00",
        transmission: "manual",
      },
      {
        student: "S10",
        instructor: "I1",
        vehicle: "V5",
        start: "2026-12-14T09:00",
        transmission: "manual",
      },
    ],
    unplanned: [{
      student: "S11",
      transmission: "automatic",
      missing: 1,
      reason: "Kein Fahrzeug frei.",
    }],
    stats: { lessons: 2, upperBound: 3, timeLimitHit: false },
  };
  const changes = matchReplan(b, plan, input);
  assertEquals(
    changes.moves.map((m) => [m.appointment_id, m.new_start, m.new_instructor_name, m.vehicle_id]),
    [[1, "2026-12-14T09:00", "Ines", 5], [2, "2026-12-15T09:00", "Otto", 7]],
  );
  assertEquals(changes.cancels.map((c) => [c.appointment_id, c.reason]), [
    [3, "Kein Fahrzeug frei."],
    [4, "Der Fahrschüler ist nicht aktiv und wird nicht neu geplant."],
  ]);
});

Deno.test("a double lesson (90-minute special drive) is not squeezed into a one-hour place: cancelled with its reason", () => {
  const b = built();
  const withDrive: ReplanInput = {
    ...input,
    lessons: [
      lesson({ id: 7, start: "2026-12-07T08:00", end: "2026-12-07T09:30" }),
      ...input.lessons,
    ],
  };
  adjustForReplan(b, withDrive);
  // Needs as without the drive: the two one-hour lessons of S10 only.
  assertEquals(b.instance.students[0].needs, { manual: 2, automatic: 0 });
  const plan: PlanResult = {
    appointments: [{
      student: "S10",
      instructor: "I1",
      vehicle: "V5",
      start: "2026-12-14T09:00",
      transmission: "manual",
    }],
    unplanned: [],
    stats: { lessons: 1, upperBound: 2, timeLimitHit: false },
  };
  const changes = matchReplan(b, plan, withDrive);
  // The planned hour goes to lesson 1, not to the earlier double lesson.
  assertEquals(changes.moves.map((m) => m.appointment_id), [1]);
  const drive = changes.cancels.find((c) => c.appointment_id === 7);
  assertEquals(
    drive?.reason,
    "Doppelstunde (z. B. Sonderfahrt): wird nicht verschoben, sondern bei der nächsten Planung neu eingeplant.",
  );
});

Deno.test("a lesson cancelled in a student's vacation names the vacation, not only the planner's rule", () => {
  const b = built();
  const vacation = {
    ...input,
    lessons: [lesson({
      id: 7,
      studentId: 11,
      transmission: "automatic",
      studentName: "Tim Berg",
      absence: {
        role: "student",
        person_name: "Tim Berg",
        kind: "vacation",
        from_date: "2026-12-07",
        to_date: "2026-12-11",
        start_time: null,
        end_time: null,
        description: "privat",
      },
    })],
  };
  adjustForReplan(b, vacation);
  const busy = "Die passenden Fahrlehrer sind zu den verfügbaren Zeiten bereits ausgebucht.";
  const plan: PlanResult = {
    appointments: [],
    unplanned: [{ student: "S11", transmission: "automatic", missing: 1, reason: busy }],
    stats: { lessons: 0, upperBound: 1, timeLimitHit: false },
  };
  const [cancel] = matchReplan(b, plan, vacation).cancels;
  assertEquals(
    cancel.reason,
    `Tim Berg ist vom 07.12.2026 bis 11.12.2026 im Urlaub. Kein Ersatztermin frei: ${busy}`,
  );
});
