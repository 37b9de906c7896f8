import assert from "node:assert/strict";
import { plan } from "../plan.ts";
import { tiny } from "../testing/tiny.ts";
import { verifyPlan } from "../verify.ts";
import { sunTimes } from "../../common/sun.ts";

const V2 = "fahrplan-instance/2";
const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
const minutesOf = (t: string) => Number(t.slice(11, 13)) * 60 + Number(t.slice(14, 16));

Deno.test("special drives: night, overland and highway as 90-minute double lessons, night after dusk, the others before sunset", () => {
  const instance = tiny({
    format: V2,
    start: "2026-12-07",
    days: 7,
    instructors: [{ work: everyDay("08:00", "22:00") }],
    students: [{
      available: everyDay("08:00", "22:00"),
      special: { overland: 2, highway: 2, night: 2 },
      specialDrivesReleased: true,
    }],
  });
  const result = plan(instance);
  assert.deepEqual(verifyPlan(instance, result), []);
  const special = result.appointments.filter((a) => a.kind !== "driving_lesson");
  assert.deepEqual(special.map((a) => a.kind).sort(), ["highway", "night", "overland"]);
  for (const a of special) {
    assert.equal(minutesOf(a.end!) - minutesOf(a.start), 90);
    const sun = sunTimes(a.start.slice(0, 10), instance.settings.location);
    if (a.kind === "night") assert.ok(minutesOf(a.start) >= sun.dusk, a.start);
    else assert.ok(minutesOf(a.end!) <= sun.sunset, a.end);
  }
  // One appointment a day for the student: the ordinary lessons keep off the drives' days.
  const days = result.appointments.map((a) => a.start.slice(0, 10));
  assert.equal(new Set(days).size, days.length);
  assert.equal(result.format, "fahrplan-plan/2");
});

Deno.test("special drives: none without release, and the reason says so", () => {
  const instance = tiny({
    format: V2,
    days: 3,
    students: [{ special: { overland: 2, highway: 0, night: 0 }, specialDrivesReleased: false }],
  });
  const result = plan(instance);
  assert.equal(result.appointments.filter((a) => a.kind === "overland").length, 0);
  const u = result.unplanned.find((x) => x.kind === "overland");
  assert.equal(u?.missing, 2);
  assert.match(u!.reason, /nicht freigegeben/);
});

Deno.test("special drives: in June it is dark only after 22:00; instructors until 20:00 get the reason", () => {
  const instance = tiny({
    format: V2,
    start: "2027-06-14",
    days: 5,
    students: [{
      available: everyDay("08:00", "23:00"),
      special: { overland: 0, highway: 0, night: 3 },
      specialDrivesReleased: true,
    }],
  });
  const result = plan(instance);
  const u = result.unplanned.find((x) => x.kind === "night");
  assert.equal(u?.missing, 3);
  const dusk = sunTimes("2027-06-14", instance.settings.location).dusk;
  assert.ok(dusk > 21 * 60, `dusk ${dusk}`);
  assert.match(
    u!.reason,
    /^Nachtfahrt: im Juni ist es erst ab 2\d:\d\d dunkel; Fahrlehrer arbeiten bis 20:00\.$/,
  );
});

Deno.test("special drives: an exam before any common free time is the reason; nothing after the exam", () => {
  const instance = tiny({
    format: V2,
    days: 5,
    students: [{
      // Free only from Wednesday; the exam is on Tuesday.
      available: [3, 4, 5].map((day) => ({ day, start: "08:00", end: "20:00" })),
      special: { overland: 2, highway: 0, night: 0 },
      specialDrivesReleased: true,
      examAt: "2027-03-02T10:00",
    }],
  });
  const result = plan(instance);
  assert.deepEqual(result.appointments, []);
  const u = result.unplanned.find((x) => x.kind === "overland");
  assert.equal(
    u?.reason,
    "Prüfung am 02.03.: vorher keine gemeinsame freie Zeit für die Überlandfahrt.",
  );
});

Deno.test("exam: ordinary lessons end by the exam, none on or after it", () => {
  const instance = tiny({
    format: V2,
    days: 3,
    settings: { maxLessonsPerStudentPerDay: 3 },
    students: [{ examAt: "2027-03-02T10:00" }],
  });
  const result = plan(instance);
  assert.ok(result.appointments.length > 0);
  for (const a of result.appointments) assert.ok(a.end! <= "2027-03-02T10:00", a.start);
  assert.deepEqual(verifyPlan(instance, result), []);
  // The referee refuses a lesson after the exam.
  const late = { ...result.appointments[0], start: "2027-03-02T10:00", end: "2027-03-02T11:00" };
  assert.ok(verifyPlan(instance, { appointments: [late] }).some((p) => p.includes("exam")));
});

Deno.test("lesson length 45: lessons end 45 minutes after their start; the referee checks the length", () => {
  const instance = tiny({ format: V2, days: 2, settings: { lessonMinutes: 45 } });
  const result = plan(instance);
  assert.ok(result.appointments.length > 0);
  for (const a of result.appointments) assert.equal(minutesOf(a.end!) - minutesOf(a.start), 45);
  const long = {
    ...result.appointments[0],
    end: result.appointments[0].start.slice(0, 11) + "23:00",
  };
  assert.ok(verifyPlan(instance, { appointments: [long] }).some((p) => p.includes("lasts")));
});

Deno.test("lesson length 45: the legal 495 minutes allow 11 lessons a day with 'Max. Stunden pro Tag' 12", () => {
  const instance = tiny({
    format: V2,
    settings: { lessonMinutes: 45, maxHoursPerDay: 12, breakAfterHours: 6, minBreakMinutes: 15 },
    instructors: [{ work: everyDay("06:00", "22:00") }],
    students: Array.from({ length: 16 }, () => ({ available: everyDay("06:00", "22:00") })),
  });
  const result = plan(instance);
  assert.equal(result.appointments.length, 11);
  assert.deepEqual(verifyPlan(instance, result), []);
});

Deno.test("the referee: a night drive before dusk and an overland drive after sunset are refused", () => {
  const instance = tiny({
    format: V2,
    start: "2026-12-07",
    students: [{
      available: everyDay("08:00", "22:00"),
      special: { overland: 2, highway: 0, night: 2 },
      specialDrivesReleased: true,
    }],
    instructors: [{ work: everyDay("08:00", "22:00") }],
  });
  const drive = (kind: "night" | "overland", h: number) => ({
    student: "S1",
    instructor: "I1",
    start: `2026-12-07T${h}:00`,
    end: `2026-12-07T${h + 1}:30`,
    transmission: "manual" as const,
    kind,
  });
  assert.ok(
    verifyPlan(instance, { appointments: [drive("night", 15)] }).some((p) => p.includes("dusk")),
  );
  assert.ok(
    verifyPlan(instance, { appointments: [drive("overland", 16)] }).some((p) =>
      p.includes("sunset")
    ),
  );
  assert.deepEqual(verifyPlan(instance, { appointments: [drive("night", 18)] }), []);
  assert.deepEqual(verifyPlan(instance, { appointments: [drive("overland", 10)] }), []);
});

Deno.test("version 1 refuses a lesson length other than 60; version 2 only slots of 60", () => {
  assert.throws(() => tiny({ settings: { lessonMinutes: 45 } }), /lessonMinutes/);
  assert.throws(() => tiny({ format: V2, settings: { slotMinutes: 45 } }), /slotMinutes/);
});

Deno.test("special drives: the same instance gives the same plan, byte for byte", () => {
  const make = () =>
    tiny({
      format: V2,
      start: "2026-12-07",
      days: 10,
      instructors: [{ work: everyDay("08:00", "22:00") }, { work: everyDay("12:00", "21:00") }],
      studentCount: 4,
      students: [0, 1, 2, 3].map((k) => ({
        available: everyDay("14:00", "22:00"),
        special: { overland: 5, highway: 4, night: 3 },
        specialDrivesReleased: k !== 3,
        ...(k === 0 ? { examAt: "2026-12-12T09:00" } : {}),
      })),
    });
  const a = JSON.stringify(plan(make())), b = JSON.stringify(plan(make()));
  assert.equal(a, b);
  const parsed = JSON.parse(a);
  assert.ok(parsed.appointments.some((x: { kind: string }) => x.kind === "night"));
  assert.deepEqual(verifyPlan(make(), parsed), []);
});
