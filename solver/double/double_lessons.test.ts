import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { sameCarForDoubles } from "./same_car.ts";
import type { Appointment } from "../plan_format.ts";

const V2 = "fahrplan-instance/2";
const minutesOf = (t: string) => Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16));
const length = (a: { start: string; end?: string }) => minutesOf(a.end!) - minutesOf(a.start);

/**
 * One student with two lessons to plan on one day, two lessons a day allowed, and preferred hours
 * 09-10 and 14-15: without double lessons the search puts the lessons into both preferred hours.
 */
function twoLessonsApart(
  settings: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return tiny({
    format: V2,
    settings: { maxLessonsPerStudentPerDay: 2, lessonMinutes: 45, ...settings },
    students: [{
      needs: { manual: 2, automatic: 0 },
      available: [{ day: 1, start: "09:00", end: "12:00" }, {
        day: 1,
        start: "14:00",
        end: "16:00",
      }],
      preferred: [{ day: 1, start: "09:00", end: "10:00" }, {
        day: 1,
        start: "14:00",
        end: "15:00",
      }],
    }],
    ...extra,
  });
}

Deno.test("double lessons: 'off' (the default) keeps two lessons of 45 minutes, byte for byte as without the setting", () => {
  const absent = plan(twoLessonsApart());
  const off = plan(twoLessonsApart({ ordinaryDoubleLessons: "off" }));
  assert.equal(JSON.stringify(off), JSON.stringify(absent));
  assert.equal(off.appointments.length, 2);
  assert.deepEqual(off.appointments.map(length), [45, 45]);
  assert.deepEqual(off.appointments.map((a) => a.start.slice(11)), ["09:00", "14:00"]);
  assert.equal(off.stats.ordinaryDoubleLessons, undefined);
});

Deno.test("double lessons: 'prefer' writes a student's two lessons of a day as one appointment of 90 minutes", () => {
  const instance = twoLessonsApart({ ordinaryDoubleLessons: "prefer" });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.appointments.length, 1);
  const [a] = result.appointments;
  assert.equal(a.kind, "driving_lesson");
  assert.equal(length(a), 90);
  assert.equal(result.stats.lessons, 2, "the double lesson counts as two lessons");
  assert.equal(result.stats.minShare, 1);
  assert.equal(result.stats.ordinaryDoubleLessons, 1);
  assert.deepEqual(result.unplanned, []);
});

Deno.test("double lessons: with 60-minute lessons the double lesson lasts 120 minutes and keeps one car", () => {
  const instance = twoLessonsApart(
    { ordinaryDoubleLessons: "prefer", lessonMinutes: 60, vehicleAssignment: true },
    {
      vehicles: [{ id: "V1", transmission: "manual" }, { id: "V2", transmission: "manual" }],
      // The second instructor teaches automatic only: instructor fairness gives it no floor here.
      instructors: [{}, { transmissions: ["automatic"] }],
    },
  );
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.appointments.length, 1);
  assert.equal(length(result.appointments[0]), 120);
  assert.ok(result.appointments[0].vehicle);
});

Deno.test("double lessons: one lesson a day allowed: nothing to pair, the plan is that of 'off'", () => {
  const one = (setting: string) =>
    plan(twoLessonsApart({ ordinaryDoubleLessons: setting, maxLessonsPerStudentPerDay: 1 }, {
      days: 3,
    }));
  const prefer = one("prefer"), off = one("off");
  assert.deepEqual(prefer.appointments, off.appointments);
  assert.equal(prefer.stats.ordinaryDoubleLessons, 0);
});

Deno.test("double lessons: a busy instructor's hour is traded so the student's lessons sit side by side", () => {
  // S1 gets 09:00 with I1 and 14:00; S2 (one lesson, any hour) sits at 10:00 with I1: the pass
  // moves S2 to S1's 14:00 and S1's second lesson next to its first.
  const instance = tiny({
    format: V2,
    settings: { maxLessonsPerStudentPerDay: 2, lessonMinutes: 45, ordinaryDoubleLessons: "prefer" },
    students: [
      {
        needs: { manual: 2, automatic: 0 },
        available: [{ day: 1, start: "09:00", end: "11:00" }, {
          day: 1,
          start: "14:00",
          end: "15:00",
        }],
        preferred: [{ day: 1, start: "09:00", end: "10:00" }, {
          day: 1,
          start: "14:00",
          end: "15:00",
        }],
      },
      {
        needs: { manual: 1, automatic: 0 },
        available: [{ day: 1, start: "10:00", end: "11:00" }, {
          day: 1,
          start: "14:00",
          end: "15:00",
        }],
        preferred: [{ day: 1, start: "10:00", end: "11:00" }],
      },
    ],
  });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  assert.equal(result.stats.lessons, 3);
  assert.equal(result.stats.ordinaryDoubleLessons, 1);
  const s1 = result.appointments.filter((a) => a.student === "S1");
  assert.equal(s1.length, 1);
  assert.equal(s1[0].start.slice(11), "09:00");
  assert.equal(length(s1[0]), 90);
});

Deno.test("referee: a 90-minute ordinary appointment is two lessons, and only with 'prefer'", () => {
  const instance = twoLessonsApart({ ordinaryDoubleLessons: "prefer" });
  const double = {
    student: "S1",
    instructor: "I1",
    start: "2027-03-01T09:00",
    end: "2027-03-01T10:30",
    transmission: "manual" as const,
    kind: "driving_lesson" as const,
  };
  assert.deepEqual(verifyPlan(instance, { appointments: [double] }), []);
  // Counted as two: against the student's needs and lessons a day.
  const oneNeeded = twoLessonsApart({ ordinaryDoubleLessons: "prefer" }, {
    students: [{ needs: { manual: 1, automatic: 0 } }],
  });
  assert.match(
    verifyPlan(oneNeeded, { appointments: [double] }).join(";"),
    /2 manual lessons, needs 1/,
  );
  const oneADay = twoLessonsApart({
    ordinaryDoubleLessons: "prefer",
    maxLessonsPerStudentPerDay: 1,
  });
  assert.match(
    verifyPlan(oneADay, { appointments: [double] }).join(";"),
    /student day S1 2027-03-01: 2 > 1/,
  );
  // It occupies both hours.
  const clash = { ...double, student: "S2", start: "2027-03-01T10:00", end: "2027-03-01T10:45" };
  const two = twoLessonsApart({ ordinaryDoubleLessons: "prefer" }, {
    studentCount: 2,
    students: undefined,
  });
  assert.match(
    verifyPlan(two, { appointments: [double, clash] }).join(";"),
    /instructor I1 2027-03-01T10:00 booked 2 times/,
  );
  // Without the setting a 90-minute ordinary lesson is not one.
  assert.match(
    verifyPlan(twoLessonsApart(), { appointments: [double] }).join(";"),
    /lasts 90 minutes, not 45/,
  );
});

Deno.test("double lessons: a pair named two cars gets one, trading with an unpaired lesson, never a fixed one's", () => {
  const instance = tiny({
    format: V2,
    settings: { vehicleAssignment: true, ordinaryDoubleLessons: "prefer" },
    vehicles: [{ id: "V1", transmission: "manual" }, { id: "V2", transmission: "manual" }],
    instructors: [{}, {}],
    studentCount: 3,
    fixed: [{
      student: "S3",
      instructor: "I2",
      vehicle: "V2",
      start: "2027-03-01T14:00",
      transmission: "manual",
    }],
  });
  const at = (student: string, instructor: string, hour: number, vehicle: string): Appointment => ({
    student,
    instructor,
    vehicle,
    start: `2027-03-01T${hour}:00`,
    transmission: "manual",
  });
  // 10-11: S1's pair got V1 then V2, S2 holds V1 at 11: they trade.
  const first = at("S1", "I1", 10, "V1"), second = at("S1", "I1", 11, "V2");
  const other = at("S2", "I2", 11, "V1");
  // 13-14: V2 is the fixed lesson's at 14, so the second slot cannot take it; the first slot
  // takes V1, free at 13.
  const third = at("S1", "I1", 13, "V2"), fourth = at("S1", "I1", 14, "V1");
  const appointments = [first, second, other, third, fourth];
  sameCarForDoubles(instance, appointments, [[first, second], [third, fourth]]);
  assert.deepEqual(appointments.map((a) => a.vehicle), ["V1", "V1", "V2", "V1", "V1"]);
});
